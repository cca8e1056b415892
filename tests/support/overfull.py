"""A character no mini card can hold: six weapons and a specialisation leave rules out even as names."""

WEAPONS = ["fusil-assaut", "pistolet", "mitrailleuse-lourde", "grenade", "couteau-combat", "lance-roquettes"]


def overfull_character() -> dict:
    return {
        "name": "Anna",
        "rank": 2,
        "mvt": 4,
        "cib": 2,
        "avatar": True,
        "weapons": list(WEAPONS),
        "specialisations": ["discipline"],
    }
