"""The adversarial suite has at least 200 refusal cases: counted here by category."""


def refusal_counts() -> dict:
    from . import test_tamper
    return {"byte flips": sum(1 for *_, e in test_tamper.CASES if e == "refused")}


def test_at_least_200_refusal_cases():
    counts = refusal_counts()
    assert sum(counts.values()) >= 200, counts
