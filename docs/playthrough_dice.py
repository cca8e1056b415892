"""The dice of docs/playthrough.md: six-sided dice from a seeded generator, numbered, so the
playthrough can be replayed and checked. Run: python docs/playthrough_dice.py"""

import random

SEED = 16  # issue 16
COUNT = 200


def dice(seed: int = SEED, count: int = COUNT) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(1, 6) for _ in range(count)]


if __name__ == "__main__":
    rolled = dice()
    for start in range(0, COUNT, 20):
        print(f"#{start + 1:>3}: " + " ".join(str(d) for d in rolled[start : start + 20]))
