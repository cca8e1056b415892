"""Stage 3: geometry and text fitting, in millimetres; no drawing here."""
