"""The `pbem data` and `pbem amend` command groups (registered when pbem.cli is imported)."""

from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .cliapp import Argument, Option, command, lazy_module, out, refusals, send_hint
from .errors import PbemError

if TYPE_CHECKING:
    from . import campaign as camp
    from . import gamedata, keys, ledger, signing, storage
else:       # loaded on first use (pbem.cli)
    camp = lazy_module(f"{__package__}.campaign")
    gamedata, keys, ledger, signing, storage = (
        lazy_module(f"{__package__}.{name}") for name in ("gamedata", "keys", "ledger", "signing", "storage"))


# -- data -----------------------------------------------------------------------------------

@command(group="data", name="missing")
@refusals
def data_missing_cmd(folder: Path = Argument(..., help="Campaign folder")) -> None:
    """List every value this campaign's game data still lacks, grouped."""
    from .datatools import missing_report
    campaign = camp.open_campaign(folder)
    out(missing_report(campaign.data, campaign.game))


@command(group="data", name="keep")
@refusals
def data_keep_cmd(folder: Path = Argument(..., help="A campaign folder made before pbem kept its data")) -> None:
    """Copy the rules and scenario data a campaign was created with into it (DIR/data/), from this
    pbem while they are still those (checked by hash). Run it before upgrading pbem (docs/upgrading.md)."""
    written = camp.keep_data(folder)
    out(f"kept {len(written)} data files in {folder / 'data'}: the campaign now plays them whatever pbem's rules/ hold")


@command(group="data", name="template")
@refusals
def data_template_cmd(game: str = Argument(...), out_file: Optional[Path] = Option(None, "--out")) -> None:
    """Write a fill-in override file for a group to complete from their printed copy."""
    from .datatools import override_template
    from .gamedata import load_game_data
    storage.safe_component(game, "game")      # a game id, never a path
    target = out_file or Path(f"{game}-data-override.yaml")
    storage.write_new_file(target, override_template(load_game_data(game)).encode())
    out(f"wrote {target}")


@command(group="data", name="edit")
@refusals
def data_edit_cmd(game: str = Argument(..., help="A game id, e.g. smithereens, or a campaign folder (to propose an amendment)"),
                  data: Optional[Path] = Option(None, "--data", help="An override to continue (saved back to it unless --out)"),
                  image: Optional[Path] = Option(None, "--image", help="A scan or photo of your printed map (png, jpeg, gif, webp); stays on this machine"),
                  out_file: Optional[Path] = Option(None, "--out", help="Where Save writes the override (default: --data, else GAME-data-override.yaml)"),
                  open_browser: bool = Option(False, "--open", help="Also open the page in your web browser")) -> None:
    """Enter the game data your printed copy gives in a map and table editor in the browser (127.0.0.1 only).
    Given a campaign folder, it starts from the campaign's override and saves a proposal beside the
    folder, never into it: the campaign's data change only when both players agree to a new one."""
    from .editor import serve
    folder = Path(game)
    if (folder / camp.HEADER).is_file():
        game, data, out_file = _amendment_files(folder, data, out_file)
    serve(game, data, out_file, image, open_browser, out)


def _amendment_files(folder: Path, data: Optional[Path], out_file: Optional[Path]) -> tuple[str, Optional[Path], Path]:
    if data is not None:
        raise PbemError("give a campaign folder or --data, not both", str(folder))
    campaign = camp.open_campaign(folder)
    override = folder / gamedata.OVERRIDE_NAME
    target = out_file or folder.parent / f"{campaign.id}-amendment-proposal.yaml"
    if folder.resolve() in target.resolve().parents:
        raise PbemError("a proposal is written outside the campaign folder (its data are fixed by the header's hash)", str(target))
    return campaign.header["game"], override if override.is_file() else None, target


@command(group="amend", name="propose")
@refusals
def amend_propose_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
                      proposal: Path = Argument(..., help="The proposal: DIR-amendment-proposal.yaml from `pbem data edit DIR` (a data override)"),
                      key: Path = Option(...), note: str = Option("", help="Why: where the values come from"),
                      out_file: Optional[Path] = Option(None, "--out", help="Default: amendment-SIDE-NNNN.txt"),
                      passphrase: Optional[str] = Option(None)) -> None:
    """Sign a data amendment: the values of PROPOSAL the campaign's data do not hold yet (unknown
    values, entries of open collections, errata readings not chosen yet), for every other player to countersign."""
    from . import amend
    campaign = camp.open_campaign(folder)
    values, errata = amend.proposal_values(campaign, proposal)
    private = keys.load_private_key(key, passphrase)
    ledger.check_fresh(key, campaign)       # a reused commitment dooms the campaign: say so before a round trip
    text = amend.propose(campaign, values, errata, private, note)
    message = signing.parse_signed(text, "the amendment")
    number = campaign.step_numbers()[-1]
    target = out_file or Path(f"amendment-{message.body['side']}-{number + 1:04d}.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    camp.adjudicate_messages(campaign, [message])      # kept in pending/: the countersignature alone completes it
    storage.write_new_file(target, text.encode())
    out(f"wrote {target}: {len(values)} value(s)" + (f", errata {', '.join(sorted(errata))}" if errata else "")
        + f" for {_countersigners(campaign)} to countersign (`pbem amend sign DIR FILE --key KEY`)")
    send_hint(campaign, target, exclude=message.body["side"])


@command(group="amend", name="sign")
@refusals
def amend_sign_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
                   amendment: Path = Argument(..., help="The proposer's signed amendment (or a saved mail holding it)"),
                   key: Path = Option(...),
                   out_file: Optional[Path] = Option(None, "--out", help="Default: consent-SIDE-NNNN.txt"),
                   passphrase: Optional[str] = Option(None)) -> None:
    """Countersign a data amendment (after reading its values, printed here) and record it in your copy
    (with three or four players, once every other player's countersignature is there too)."""
    from . import amend
    from .inbox import read_mail
    campaign = camp.open_campaign(folder)
    found = [m for m in read_mail(amendment) if m.kind == amend.AMENDMENT]
    if len(found) != 1:
        raise PbemError("expected exactly one signed data amendment", str(amendment))
    private = keys.load_private_key(key, passphrase)
    ledger.check_fresh(key, campaign)
    text = amend.countersign(campaign, found[0], private)
    consent = signing.parse_signed(text, "the countersignature")
    target = out_file or Path(f"consent-{consent.body['side']}-{consent.body['save'] + 1:04d}.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    result = camp.adjudicate_messages(campaign, [found[0], consent])
    storage.write_new_file(target, text.encode())
    for path, value in sorted(found[0].body["values"].items()):
        out(f"  {path} = {value}")
    for reading, choice in sorted(found[0].body["errata"].items()):
        out(f"  errata {reading} = {choice}")
    if result.save is None:           # three or four seats: another countersignature is still to come
        out(f"wrote {target}; {result.report}")
    else:
        out(f"wrote {target}; save {result.number} (the amendment) recorded in {folder}")
    send_hint(campaign, target, exclude=consent.body["side"])


def _countersigners(campaign: "camp.Campaign") -> str:
    """Who countersigns an amendment: the other side of two, every other player of three or four."""
    return "the other side" if len(campaign.header["players"]) == 2 else "every other player"
