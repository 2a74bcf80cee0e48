"""The pieces of `qilab report`'s page (scripts/report.py): inputs (the bundle qilab hands over,
summary.json, a training run's metrics.jsonl), charts (matplotlib) and HTML sections."""
