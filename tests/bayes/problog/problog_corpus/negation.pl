% stratified negation
0.4::rain. 0.3::sprinkler_on.
wet :- rain.
wet :- sprinkler_on.
dry :- \+wet.
0.7::happy :- dry.
0.2::happy :- \+dry, \+rain.
query(dry). query(happy). query(wet).
