"""Rebuild the README's screenshots of the map picture (docs/picture-*.png): the picture of a
combat step shown 800 px wide in headless Chromium, as a forum shows it.

    python3 docs/screenshots.py          (needs /usr/bin/chromium)
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.demo import run_demo  # noqa: E402
from pbem.picture import PICTURE  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def shoot(svg: Path, png: Path, work: Path) -> None:
    text = svg.read_text(encoding="utf-8")
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text).groups())
    page = work / f"{png.stem}.html"
    page.write_text(f'<!doctype html><html><body style="margin:0"><img src="{svg.as_uri()}" '
                    'style="width:800px;display:block"></body></html>', encoding="utf-8")
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                    f"--user-data-dir={work / 'profile'}", f"--screenshot={png}",
                    f"--window-size=800,{int(800 * height / width) + 1}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        run_demo(work / "smithereens")
        # Smithereens demo save 2: the 1/1 result at 1918E taken as a retreat to 1917E (11.25)
        shoot(work / "smithereens" / "campaign" / "steps" / "0002" / PICTURE, ROOT / "docs" / "picture-smithereens-combat.png", work)
        # Operation Grenade bundled campaign save 5: the two Allied attacks of Game-Turn 1 (9.0)
        shoot(ROOT / "examples" / "operation-grenade-demo" / "campaign" / "steps" / "0005" / PICTURE,
              ROOT / "docs" / "picture-grenade-combat.png", work)


if __name__ == "__main__":
    main()
