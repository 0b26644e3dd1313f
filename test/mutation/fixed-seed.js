// Under mutation testing every property draws the same inputs, so a mutant is killed or not the same way on
// every run (and the incremental file stays true). `npm test` keeps drawing new ones.
require('fast-check').configureGlobal({ seed: 20261122 });
