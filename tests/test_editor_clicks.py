"""How many clicks the editor needs: every one of the 93 Smithereens map values `pbem data missing`
lists, then a 200-hex area around Warsaw (1819E). The values are stand-ins (the real ones are on
the printed map); the clicks do not depend on which terrain a hex has, except that each change of
terrain costs one palette click, which the run pays for every terrain it uses.

Counted: every pointer press (a drag is one press), a dropdown choice as two (open, pick), and a
typed field as one press plus the typing. The page counts its own pointer presses too
(editorState.stats.clicks) and the two counts must agree up to the dropdowns Selenium sets directly.
"""

import json

from pbem.datatools import grouped_unknowns
from pbem.editor.model import unknown_entries
from pbem.gamedata import load_game_data
from tests.editorhelp import Page, needs_browser
from tests.test_editor_browser import centres_within

MAP = "Map: terrain per hex and hexsides"
STAND_IN_TERRAIN = ["clear", "forest", "rough", "mountain", "marsh"]


class Counted(Page):
    presses = 0
    typed = 0

    def click(self, css):
        self.presses += 1
        super().click(css)

    def click_hex(self, hex_id):
        self.presses += 1
        super().click_hex(hex_id)

    def click_hexside(self, a, b):
        self.presses += 1
        super().click_hexside(a, b)

    def drag(self, from_hex, to_hex, via=(), center=None):
        self.presses += 1
        super().drag(from_hex, to_hex, via, center)

    def choose(self, css, value):
        self.presses += 2
        super().choose(css, value)

    def type_into(self, css, text):
        self.presses += 1
        self.typed += 1
        super().type_into(css, text)


def canonical(page: Page, keys: list[str]) -> dict[str, str]:
    """The page's drawn (canonical) id of each listed hex key, asked in one round trip."""
    return page.js("return Object.fromEntries(arguments[0].map(k => [k, window.editorMap.canonical(k)]))", sorted(set(keys)))


def enter_the_map_values(page: Counted) -> None:
    unknown = [u for u in unknown_entries(load_game_data("smithereens")) if u["group"] == MAP]
    terrain = [u["path"].split(".")[2] for u in unknown if u["kind"] == "hex-field" and u["path"].endswith(".terrain")]
    drawn = canonical(page, [u["path"].split(".")[2] for u in unknown if u["kind"] == "hex-field"])
    page.tool("paint")
    for i, name in enumerate(STAND_IN_TERRAIN):                 # terrain by terrain: one palette click each
        page.terrain(name)
        for hex_id in terrain[i::len(STAND_IN_TERRAIN)]:
            page.click_hex(drawn[hex_id])
    page.tool("info")
    for u in unknown:
        if u["kind"] == "hex-field" and not u["path"].endswith(".terrain"):
            field, hex_id = u["path"].split(".")[3], drawn[u["path"].split(".")[2]]
            page.click_hex(hex_id)
            page.choose(f"#hex-form select[data-field='{field}']", "true" if field == "city" else "german")
    page.tool("place")
    for n, u in enumerate(u for u in unknown if u["kind"] == "place"):
        page.choose("#place", u["path"])
        page.click_hex(f"{11 + n:02d}10E")
    page.tool("area")
    for n, u in enumerate(u for u in unknown if u["kind"] == "area"):
        page.choose("#area", u["path"])
        column = 12 + n                                          # a stand-in area: one stroke down three hexes
        page.drag(f"{column:02d}20E", f"{column:02d}22E", via=(f"{column:02d}21E",))
    page.tab("values")
    for u in unknown:
        if u["kind"] == "value":
            page.type_into(f"#values input[data-path='{u['path']}']", "true")
    page.tab("map")


@needs_browser
def test_clicks_for_the_93_map_values_and_200_hexes_around_warsaw(tmp_path, capsys):
    out = tmp_path / "smithereens-data-override.yaml"
    page = Counted("smithereens", out)
    try:
        enter_the_map_values(page)
        assert page.save().startswith("saved")
        listed = {"presses": page.presses, "typed": page.typed}
        left = grouped_unknowns(load_game_data("smithereens", out)).get(MAP, [])
        assert left == [], left                                   # all 93 entered through the page
        page.presses = page.typed = 0
        area = centres_within("1212E", "2526E")                   # 14 columns x 14-15 rows around Warsaw
        page.tool("fill")
        page.terrain("clear")
        for _ in range(3):
            page.click("#zoom-out")                               # the whole area on the screen at once
        page.drag("1212E", "2526E", center="1819E")
        exceptions = {"1719E": "rough", "1820E": "forest", "2020E": "forest", "1919E": "marsh"}   # the demo's non-clear hexes
        page.tool("paint")
        for name in ("rough", "forest", "marsh"):
            page.terrain(name)
            for hex_id in [h for h, t in exceptions.items() if t == name]:
                page.click_hex(hex_id)
        page.tool("hexside")
        for a, b in (("1819E", "1918E"), ("1819E", "1919E"), ("1820E", "1919E"), ("1820E", "1920E")):
            page.click_hexside(a, b)                              # rhine, then river: two clicks each
            page.click_hexside(a, b)
        assert page.save().startswith("saved")
        values = page.values()
        painted = {h for h in area if values.get(f"map.hexes.{h}")}
        warsaw = {"presses": page.presses, "typed": page.typed, "hexes": len(painted), "area": len(area)}
        known = set(page.js("return arguments[0].filter(h => window.editorMap.hexField(h, 'terrain').locked)", sorted(area)))
        assert 200 <= len(area) <= 215 and known == {"1819E", "2322E"} and painted == area - known   # Warsaw, Brest-Litovsk: the rulebook's
        assert all(values[f"map.hexsides.{'|'.join(sorted(s))}"] == "river" for s in (("1819E", "1918E"), ("1820E", "1920E")))
        with capsys.disabled():
            print(f"\neditor clicks: 93 map values {json.dumps(listed)}; Warsaw area {json.dumps(warsaw)}")
        (tmp_path / "clicks.json").write_text(json.dumps({"map_values": listed, "warsaw": warsaw}))
        assert listed["presses"] < 93 * 3 and warsaw["presses"] < 40
    finally:
        page.close()
