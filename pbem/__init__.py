"""pbem: adjudicator for play-by-email hex-and-counter wargame campaigns."""

__version__ = "0.7.0"
