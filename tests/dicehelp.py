"""The one stand-in for pbem.dice.Dice in rules tests.

ScriptedDice(3, 4)                       every roll takes the next face, in order
ScriptedDice(by_key={"crt/": [5]})       rolls whose purpose key starts with "crt/" take these first
ScriptedDice(default=6)                  an unscripted roll shows 6 (without it, it fails the test)
ScriptedDice(background=("weather/",))   these rolls show `background_face` (6) unless scripted by key

`asked` records (purpose key, sides) of every roll; `abouts` the report sentences.
"""


class ScriptedDice:
    def __init__(self, *faces, by_key=None, default=None, background=(), background_face=6):
        self.faces = list(faces)
        self.background, self.background_face = tuple(background), background_face
        self.by_key = {k: list(v) for k, v in (by_key or {}).items()}
        self.default = default
        self.asked: list[tuple[str, int]] = []
        self.abouts: list[str] = []
        self.rolls: list = []

    def roll(self, purpose, sides=6, about=""):
        from pbem.dice import PURPOSE_KEY
        assert PURPOSE_KEY.fullmatch(purpose), f"die purpose {purpose!r} is not a stable key"
        assert purpose not in [p for p, _ in self.asked], f"die purpose {purpose!r} used twice"
        self.asked.append((purpose, sides))
        self.abouts.append(about)
        face = self._face(purpose, about)
        assert 1 <= face <= sides, f"scripted face {face} impossible on a d{sides} ({purpose})"
        return face

    def _face(self, purpose, about):
        for prefix, queue in self.by_key.items():
            if purpose.startswith(prefix) and queue:
                return queue.pop(0)
        if purpose.startswith(self.background) and self.background:
            return self.background_face
        if self.faces:
            return self.faces.pop(0)
        assert self.default is not None, f"unscripted die roll {purpose!r} ({about})"
        return self.default

    def keys(self) -> list[str]:
        return [p for p, _ in self.asked]

    def main(self) -> list[tuple[str, int]]:
        """The rolls other than the background ones."""
        return [(p, s) for p, s in self.asked if not (self.background and p.startswith(self.background))]
