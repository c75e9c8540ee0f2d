"""manatable's rules engine: headless, no Qt (a test enforces this)."""

__version__ = "0.1.0"
