hey -n 500 -c 10 -o csv http://127.0.0.1:18080/fast
