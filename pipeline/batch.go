package pipeline

// BatchRows is how many rows Run paints and hands to the writer at a time
// when Plan.BatchSize is 0. The file's bytes do not depend on it: the
// writer cuts the rows into chunks of its own.
const BatchRows = 256
