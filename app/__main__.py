"""`python -m app` starts manatable, as the `manatable` command does."""
from app.main import main

raise SystemExit(main())
