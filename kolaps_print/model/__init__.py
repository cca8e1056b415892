"""Stage 2: validate loaded YAML into the data model, with located messages."""
