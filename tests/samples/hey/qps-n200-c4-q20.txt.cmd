hey -n 200 -c 4 -q 20 http://127.0.0.1:18080/fast
