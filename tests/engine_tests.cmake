# Tests of the evaluation and the search (jiang_engine_tests) and the bench signature. Being written.
