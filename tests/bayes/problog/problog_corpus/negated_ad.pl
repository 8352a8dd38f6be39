0.3::w(sun); 0.5::w(rain); 0.2::w(snow).
outdoor :- \+w(rain), \+w(snow).
0.8::picnic :- outdoor.
0.1::picnic :- w(snow).
evidence(picnic, true).
query(w(_)). query(outdoor).
