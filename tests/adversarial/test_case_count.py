"""The adversarial suite holds at least 200 refusal cases. They are counted here, by category,
from the parametrisations themselves (what pytest collects), so the count cannot drift from the
tests. Positive cases (transport damage that must still adjudicate, flips that keep the data,
property tests) and the crash-safety runs are listed apart and not counted as refusals.
"""

import importlib

# module -> {test function: category}; every test_* function must be listed here or in OTHER
REFUSALS = {
    "test_tamper": {"test_flipped_byte": "byte flips (verify names the file)"},
    "test_forgery": {
        "test_orders_signed_by_a_wrong_key": "wrong or unknown key",
        "test_orders_replayed_later": "replayed files",
        "test_orders_of_another_campaign": "replayed files",
        "test_orders_of_this_campaign_replayed_in_another": "replayed files",
        "test_reveal_of_another_campaign": "replayed files",
        "test_orders_for_the_wrong_step": "wrong step, side, phase or kind",
        "test_forged_dice_preimage": "forged dice",
        "test_bad_reveal": "reveals: forged, misbound, wrong party",
        "test_wrong_files_given_to_adjudicate": "reveals: forged, misbound, wrong party",
        "test_save_with_a_broken_previous_link": "the record: chain, order, missing and extra steps",
        "test_adjudicating_on_a_save_with_a_broken_previous_link": "the record: chain, order, missing and extra steps",
        "test_swapped_steps": "the record: chain, order, missing and extra steps",
        "test_rotated_steps": "the record: chain, order, missing and extra steps",
        "test_missing_step": "the record: chain, order, missing and extra steps",
        "test_extra_file_in_a_step_folder": "the record: chain, order, missing and extra steps",
        "test_extra_entry_in_steps": "the record: chain, order, missing and extra steps",
        "test_missing_or_renamed_file_in_a_step": "the record: chain, order, missing and extra steps",
        "test_missing_reveal_in_a_step": "the record: chain, order, missing and extra steps",
        "test_header_edited": "header: swapped keys and tips",
        "test_header_and_save_zero_rewritten_together": "header: swapped keys and tips",
    },
    "test_hostile_yaml": {"test_hostile_yaml": "hostile YAML",
                          "test_yaml_errors_name_the_line_of_the_file": "hostile YAML"},
    "test_transport": {"test_damage_that_changes_the_data_is_refused": "transport damage that changes data",
                       "test_sign_refuses_text_no_reader_could_verify": "transport damage that changes data"},
    "test_paths": {name: "path traversal" for name in (
        "test_commit_refuses_unsafe_names", "test_orders_refuses_a_side_that_is_not_awaited",
        "test_new_refuses_unsafe_player_seats", "test_new_refuses_unsafe_scenario_names",
        "test_new_refuses_unknown_games", "test_new_refuses_commitments_naming_an_unsafe_campaign_id",
        "test_verify_refuses_a_header_with_an_unsafe_seat")},
    "test_dice_and_signatures": {name: "dice and signature hardening: bait files, weak keys, pending inputs, "
                                       "commitments, spellings, sizes, reuse" for name in (
        "test_sign_refuses_a_pre_filled_bait_file",
        "test_sign_refuses_orders_for_a_seat_that_is_not_awaited_or_not_the_signers",
        "test_new_refuses_a_weak_public_key", "test_orders_forged_under_a_weak_key_are_refused",
        "test_a_malleated_signature_of_genuine_orders_is_refused", "test_one_key_may_hold_one_seat",
        "test_adjudicating_the_reveal_rechecks_the_pending_orders", "test_reveal_refuses_when_other_orders_wait_in_pending",
        "test_new_refuses_a_commitment_it_cannot_use", "test_hex_ids_take_ascii_digits_only",
        "test_verify_refuses_a_stored_file_with_text_the_signature_does_not_cover",
        "test_oversized_files_are_refused_before_parsing", "test_a_bogus_signer_is_refused_before_the_body_is_parsed",
        "test_save_true_is_not_save_1", "test_a_second_commitment_to_one_campaign_id_is_refused",
        "test_a_reused_commitment_is_refused_when_its_player_acts")},
    "test_illegal_moves": {"test_check_lists_the_problem_with_its_line_and_rule": "illegal moves",
                           "test_adjudicate_refuses_illegal_signed_orders": "illegal moves",
                           "test_unknown_terrain_names_the_data_path": "illegal moves"},
}
OTHER = {
    "test_tamper": {"test_every_file_of_the_demo_is_flipped_in_several_places"},
    "test_forgery": {"test_missing_last_step_is_a_shorter_valid_record"},
    "test_transport": {"test_transport_damage_still_adjudicates", "test_values_email_reading_would_change_are_escaped_and_verify"},
    "test_dice_and_signatures": {"test_equivalent_orders_give_the_same_seed", "test_a_comment_inside_the_signed_block_is_not_stored",
                                 "test_the_movers_copy_and_the_revealers_copy_end_byte_identical",
                                 "test_verify_names_the_header_and_each_seats_key_fingerprint"},
    "test_paths": {"test_data_template_refuses_a_game_name_that_is_a_path"},     # xfail: a defect left to cli.py
    "test_case_count": {"test_at_least_200_refusal_cases", "test_every_test_is_classified"},
    "test_properties": None,          # None: the whole module (hypothesis)
    "test_crash_safety": None,        # interrupted writes: counted apart, see crash_counts()
}


def _collected(func) -> int:
    count = 1
    for mark in getattr(func, "pytestmark", []):
        if mark.name == "parametrize":
            count *= len(mark.args[1])
    return count


def refusal_counts() -> dict:
    counts: dict[str, int] = {}
    for module_name, tests in REFUSALS.items():
        module = importlib.import_module(f"{__package__}.{module_name}")
        for name, category in tests.items():
            if module_name == "test_tamper":
                cases = sum(1 for *_, expected in module.CASES if expected == "refused")
            else:
                cases = _collected(getattr(module, name))
            counts[category] = counts.get(category, 0) + cases
    return counts


def test_every_test_is_classified():
    import pathlib
    for path in sorted(pathlib.Path(__file__).parent.glob("test_*.py")):
        module_name = path.stem
        if OTHER.get(module_name, set()) is None:
            continue
        module = importlib.import_module(f"{__package__}.{module_name}")
        tests = {n for n in dir(module) if n.startswith("test_") and callable(getattr(module, n))}
        known = set(REFUSALS.get(module_name, {})) | OTHER.get(module_name, set())
        assert tests == known, f"{module_name}: classify {sorted(tests - known)}; stale {sorted(known - tests)}"


def test_at_least_200_refusal_cases():
    counts = refusal_counts()
    assert sum(counts.values()) >= 200, counts
    assert counts["byte flips (verify names the file)"] < sum(counts.values()) / 2 + 100   # not only flips
