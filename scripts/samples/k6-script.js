// k6 script for capture.sh: 5 VUs for 3 s against the local sample server
// (BASE_URL, always http://127.0.0.1:<port>). One threshold passes (the
// duration), one fails (/flaky answers 503 to every third request, so about
// a sixth of all requests fail).
import http from "k6/http";
import { check, group } from "k6";

export const options = {
  vus: 5,
  duration: "3s",
  thresholds: {
    http_req_duration: ["p(95)<500"],
    http_req_failed: ["rate<0.05"],
  },
};

const BASE = __ENV.BASE_URL || "http://127.0.0.1:18080";

export default function () {
  group("slow", () => {
    const r = http.get(`${BASE}/slow`);
    check(r, { "slow is 200": (res) => res.status === 200 });
  });
  group("flaky", () => {
    const r = http.get(`${BASE}/flaky`);
    check(r, { "flaky is 200": (res) => res.status === 200 });
  });
}
