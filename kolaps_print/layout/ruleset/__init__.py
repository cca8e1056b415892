"""The other game systems' cards and sheets (data/rulesets/) laid out as shapes, for the one painter."""
