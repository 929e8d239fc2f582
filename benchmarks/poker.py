"""Mental-poker dealing costs (pbem/hidden/poker.py): one stage, its check, a share and an
opening, and the end-of-game replay of a pool, for the pool sizes given (Operation Grenade's
demonstration pools hold 12 chits). Run: `PYTHONPATH=. python3 benchmarks/poker.py [SIZES]`."""

import sys
import time

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.hidden import poker

ORDER = ("allied", "german")


def best(function, runs: int = 3) -> float:
    """The best of `runs`, each cold: poker's in-process memos (subgroup tests, shares) emptied first."""
    times = []
    for _ in range(runs):
        poker._in_subgroup.cache_clear()
        poker._unlayered.cache_clear()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(size: int) -> dict:
    keys = {side: poker.poker_key(Ed25519PrivateKey.from_private_bytes(bytes([n]) * 32), "bench", side, "00" * 32)
            for n, side in enumerate(ORDER, 1)}
    first = poker.stage(keys["allied"], poker.fresh_deck("1", size), ORDER)
    deck = poker.stage(keys["german"], first, ORDER)
    events = [poker.Event("stage", "allied", cards=first.cards), poker.Event("stage", "german", cards=deck.cards)]
    part = poker.share(keys["german"], deck, 0)
    events.append(poker.Event("draw", "allied", position=0, share=part))
    return {
        "stage": best(lambda: poker.stage(keys["german"], first, ORDER)),
        "check": best(lambda: poker.check_stage(first, deck.cards, "german")),
        "share+open": best(lambda: poker.open_card(keys["allied"], deck, 0, poker.share(keys["german"], deck, 0), "german")),
        "replay": best(lambda: poker.replay_pool("1", size, ORDER, keys, events), runs=1),
    }


def main() -> None:
    sizes = [int(s) for s in sys.argv[1:]] or [12]
    print(f"{'cards':>5} " + " ".join(f"{name:>11}" for name in ("stage", "check", "share+open", "replay")))
    for size in sizes:
        row = measure(size)
        print(f"{size:>5} " + " ".join(f"{row[name] * 1000:>9.0f}ms" for name in ("stage", "check", "share+open", "replay")))


if __name__ == "__main__":
    main()
