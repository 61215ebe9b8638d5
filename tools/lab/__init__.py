"""The balance lab (§18): session records, their store, the §18.3 metrics, simulation runs and reports."""
