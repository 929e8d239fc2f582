"""`adjudicate --key` of a dealt Operation Grenade step (8.33, 8.41, 8.42; behaviour 3): the reveal made
there carries the revealer's parts of the dealing, and whether the step rolls a die or waits for a part
(so that the stages due at the step's start ride on the reveal) is answered by the last trial play of the
parts whenever it played the step on the same parts with the same dice (issue 13: one play of the step
fewer). Every answer must be the one a play of the step gives (`pbem.hidden.dealt.rolls`)."""

import shutil
from pathlib import Path

import pbem.adjudicate as adjudicate_module
from pbem import campaign as camp
from pbem.hidden import dealt
from pbem.keys import load_private_key
from tests.conftest import ROOT
from tests.test_operation_grenade_campaign import truncate

EXAMPLE = ROOT / "examples" / "operation-grenade-demo"


def test_the_last_trial_answers_as_a_play_of_the_step(tmp_path: Path, monkeypatch):  # 8.33, 8.41, 8.42
    """Each step of the bundled dealt campaign adjudicated from its save before, with the mover's stored
    orders and the other side's key: every `rolls` answer taken from the trials equals a play of the step,
    and the trials answered both ways (a die rolled or a part awaited, and neither)."""
    answers: list[tuple[bool, bool, bool]] = []
    original = adjudicate_module._step_rolls

    def checked(campaign, save, body, given, party, block, seed, tried):
        answer = original(campaign, save, body, given, party, block, seed, tried)
        played = dealt.rolls(campaign, save, body, given | ({party: block} if block else {}), seed)
        answers.append((answer, played, bool(tried) and tried[-1].waits))
        return answer

    monkeypatch.setattr(adjudicate_module, "_step_rolls", checked)
    keys = {side: load_private_key(EXAMPLE / "keys" / side) for side in ("allied", "german")}
    for step in sorted((EXAMPLE / "campaign" / "steps").iterdir())[1:]:
        orders = next(step.glob("orders-*.txt"))
        mover = orders.stem.removeprefix("orders-")
        folder = truncate(shutil.copytree(EXAMPLE / "campaign", tmp_path / step.name), int(step.name) - 1)
        other = next(side for side in keys if side != mover)
        camp.adjudicate(folder, [orders], key=keys[other])
    assert answers and all(answer == played for answer, played, _ in answers), answers
    assert {answer for answer, _, _ in answers} == {True, False}
    assert any(waits for _, _, waits in answers)
