"""Rules, one module per family. Pure functions over a `Resolution`: they check legality
(raising IllegalAction with the rule id) and emit events; they never print or touch files."""
