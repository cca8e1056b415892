"""Stage 5: place card faces on printer sheets (duplex, fold, print shop) with cut guides."""
