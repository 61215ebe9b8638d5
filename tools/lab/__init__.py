"""The balance lab: session records, their store, the §18.3 metrics, simulation runs and reports."""
