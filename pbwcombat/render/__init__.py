"""Events → text. One narrator over per-format markup hooks (bbcode, markdown, plain);
JSON wraps the plain narrative with the (redacted) events."""
