// Shared test doubles.
