"""Campaign folders: the header, hash-chained saves, signed inputs; adjudication and replay.

This module is the one name the CLI, the demo, the benchmarks and the tests import; the work
is done in five small modules, read in this order:

    pbem.folder      a campaign folder: header and commitments, Campaign, open/create, save 0,
                     the shape of a save, reading the signed files it stores
    pbem.inputs      signed orders and reveals: their fields and checks, signing them for the
                     current step only, the ones waiting in pending/
    pbem.adjudicate  one step: advance (pure), commit_step (atomic), adjudicate
    pbem.verify      replay from save 0, byte for byte
    pbem.templates   the pre-filled orders file of the awaited side

The layout of a campaign folder is in pbem.folder.

A step folder is built aside and renamed into place in one operation, so a crash leaves the
old state or the complete new one. Adjudication is a pure function of the previous save and
the inputs, so `verify` re-runs it and compares bytes.
"""

from .adjudicate import (StepResult, _clear_pending, _copy, _dice_secrets, _merge_pending, _orders_digest,
                         _pending_text, _produced_by, _write_pending, adjudicate, adjudicate_messages, advance, commit_step,
                         keep_signed_orders, sign_strength)
from .canonical import data_hash
from .folder import (COMMITMENT_FIELDS, FORMAT, GM, HEADER, INPUT_NAME, STEP_DIGITS, STEP_NAME, Campaign,
                     _check_header_shape, _one_key_one_seat, build_save, check_header, commitment_entry,
                     create_campaign, keep_data, make_commitment, open_campaign, read_signed, read_stored,
                     stored_rules)
from .inputs import (ORDERS_FIELDS, PENDING, REVEAL_FIELDS, SENT, SENT_FORMAT, _check_reveal, _check_sent, _in_file,
                     check_orders_body, check_orders_message, classify_inputs, dice_master_for, make_reveal,
                     read_pending, sent_now, sign_orders)
from .storage import write_synced as _write
from .templates import order_template, template_for
from .verify import VerifyResult, _compare, _no_extra_files, _replay_save0, _replay_step, _step_inputs, _who_played, verify

__all__ = [
    "COMMITMENT_FIELDS", "FORMAT", "GM", "HEADER", "INPUT_NAME", "ORDERS_FIELDS", "PENDING", "REVEAL_FIELDS", "SENT",
    "SENT_FORMAT", "STEP_DIGITS", "STEP_NAME", "Campaign", "StepResult", "VerifyResult",
    "_check_header_shape", "_check_reveal", "_check_sent", "_clear_pending", "_compare", "_copy", "_dice_secrets",
    "_in_file", "_merge_pending", "_no_extra_files", "_one_key_one_seat", "_orders_digest", "_pending_text",
    "_produced_by", "_replay_save0", "_replay_step", "_step_inputs", "_who_played", "_write", "_write_pending",
    "adjudicate", "adjudicate_messages", "advance", "keep_signed_orders", "build_save", "check_header", "check_orders_body", "check_orders_message",
    "classify_inputs", "commit_step", "commitment_entry", "create_campaign", "data_hash", "dice_master_for",
    "keep_data", "make_commitment", "make_reveal", "open_campaign", "order_template", "read_pending", "read_signed", "read_stored", "stored_rules",
    "sent_now", "sign_orders", "sign_strength", "template_for", "verify",
]
