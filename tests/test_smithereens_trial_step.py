"""Issue 13: a Smithereens step whose check has already played the phase's own apply on a copy of
the state, rolling no die, takes that trial's state, events and map overlay (step_from_trial)
instead of being played again; every step of the bundled demo and of the frozen campaigns comes out
as the step played again does: the same save, report and picture, the same overrides noted."""

from pathlib import Path
from unittest import mock

import pytest

from pbem.adjudicate import advance
from pbem.canonical import data_hash
from pbem.folder import open_campaign
from pbem.games.smithereens.components import SmithereensBase
from pbem.verify import _step_inputs

ROOT = Path(__file__).resolve().parent
CAMPAIGNS = [ROOT.parent / "examples" / "smithereens-demo" / "campaign",
             *sorted(p / "campaign" for p in (ROOT / "compat").glob("smithereens-demo-*"))]


def _steps(folder: Path) -> list:
    """Each step's save, report and picture, and the overrides its save lists as used."""
    campaign = open_campaign(folder)
    out = []
    for number in campaign.step_numbers()[1:]:
        save = campaign.load_save(number - 1)[0]
        result = advance(campaign, number - 1, save, data_hash(save), _step_inputs(campaign, number))
        out.append((result.save, result.report, result.picture))
    return out


@pytest.mark.parametrize("folder", CAMPAIGNS, ids=lambda p: p.parent.name)
def test_a_step_taken_from_its_trial_is_the_step_played_again(folder):
    taken = []
    original = SmithereensBase.step_from_trial

    def counted(self, *args):
        events = original(self, *args)
        taken.append(events is not None)
        return events

    with mock.patch.object(SmithereensBase, "step_from_trial", counted):
        kept = _steps(folder)
    with mock.patch.object(SmithereensBase, "step_from_trial", lambda self, *args: None):
        played = _steps(folder)
    assert kept == played
    assert any(taken) and not all(taken)       # movement steps without a die; the steps that roll are played
