// The formats toolspec asserts, with the verdicts of the Go validators
// (gen/golang/runtime/format.go, where each rule is explained); a test
// holds the two equal on generated strings (gen/js/format_test.go).
const tsDurationRx = /^P(?:(?:[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?|[0-9]+M(?:[0-9]+D)?|[0-9]+D)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$/;
const tsUUIDRx = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const tsDateRx = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const tsTimeRx = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/;
const tsAtomRx = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const tsLabelRx = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const tsSchemeRx = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const tsURICharsRx = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
const tsIPv4Rx = /^(?:0|[1-9][0-9]{0,2})(?:\.(?:0|[1-9][0-9]{0,2})){3}$/;
const tsHexRx = /^[0-9A-Fa-f]{1,4}$/;

function tsFormat(name, s) {
  switch (name) {
    case "date-time": {
      let i = s.indexOf("T");
      if (i < 0) i = s.indexOf("t");
      return i >= 0 && tsDate(s.slice(0, i)) && tsTime(s.slice(i + 1));
    }
    case "date": return tsDate(s);
    case "time": return tsTime(s);
    case "duration": return tsDurationRx.test(s);
    case "email": return tsEmail(s);
    case "hostname": return tsHostname(s);
    case "ipv4": return tsIPv4(s);
    case "ipv6": return tsIPv6(s);
    case "uri": return tsURI(s);
    case "uuid": return tsUUIDRx.test(s);
  }
  return true;
}

function tsDate(s) {
  const m = tsDateRx.exec(s);
  if (m === null) return false;
  const y = +m[1], mo = +m[2], d = +m[3];
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (mo < 1 || mo > 12 || d < 1) return false;
  if (mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) return d <= 29;
  return d <= days[mo - 1];
}

function tsTime(s) {
  const m = tsTimeRx.exec(s);
  if (m === null) return false;
  const h = +m[1], mi = +m[2], sec = +m[3];
  let oh = 0, om = 0;
  if (m[4] !== undefined) { oh = +m[5]; om = +m[6]; }
  if (h > 23 || mi > 59 || sec > 60 || oh > 23 || om > 59) return false;
  if (sec === 60) {
    let utc = h * 60 + mi;
    if (m[4] === "+") utc -= oh * 60 + om;
    else if (m[4] === "-") utc += oh * 60 + om;
    return ((utc % 1440) + 1440) % 1440 === 23 * 60 + 59;
  }
  return true;
}

// tsUTF8Len is the length of s in UTF-8 bytes, as Go counts it.
function tsUTF8Len(s) {
  let n = 0;
  for (const c of s) {
    const p = c.codePointAt(0);
    n += p < 0x80 ? 1 : p < 0x800 ? 2 : p < 0x10000 ? 3 : 4;
  }
  return n;
}

function tsHostname(s) {
  if (s === "" || tsUTF8Len(s) > 253) return false;
  return s.split(".").every((l) => tsLabelRx.test(l));
}

function tsEmail(s) {
  const i = s.lastIndexOf("@");
  if (i < 1 || tsUTF8Len(s.slice(0, i)) > 64 || !tsAtomRx.test(s.slice(0, i))) return false;
  const domain = s.slice(i + 1);
  if (domain.startsWith("[") && domain.endsWith("]") && domain.length >= 2) {
    const lit = domain.slice(1, -1);
    if (lit.startsWith("IPv6:")) return tsIPv6(lit.slice(5));
    return tsIPv4(lit);
  }
  return tsHostname(domain);
}

function tsIPv4(s) {
  if (!tsIPv4Rx.test(s)) return false;
  return s.split(".").every((p) => +p <= 255);
}

// tsIPv6 reads an IPv6 address as Go's net/netip does: groups of one to
// four hex digits, at most one "::", an IPv4 address as the last two
// groups, no zone.
function tsIPv6(s) {
  if (s.includes("%") || !s.includes(":")) return false;
  let head = s, tail = "", ellipsis = false;
  const i = s.indexOf("::");
  if (i >= 0) {
    ellipsis = true;
    head = s.slice(0, i);
    tail = s.slice(i + 2);
    if (tail.includes("::")) return false;
  }
  const parts = (x) => (x === "" ? [] : x.split(":"));
  const hp = parts(head), tp = parts(tail);
  let groups = 0;
  const all = hp.concat(tp);
  for (let k = 0; k < all.length; k++) {
    const p = all[k];
    // An IPv4 address may end the text, not come before "::".
    if (k === all.length - 1 && p.includes(".") && (!ellipsis || tp.length > 0)) {
      if (!tsIPv4(p)) return false;
      groups += 2;
      continue;
    }
    if (!tsHexRx.test(p)) return false;
    groups++;
  }
  return ellipsis ? groups < 8 : groups === 8;
}

function tsURI(s) {
  const c = s.indexOf(":");
  if (c < 0 || !tsSchemeRx.test(s.slice(0, c))) return false;
  let rest = s.slice(c + 1);
  if (rest.split("#").length - 1 > 1) return false;
  rest = rest.replace("#", "");
  if (rest.startsWith("//")) {
    const auth = rest.slice(2);
    let end = auth.search(/[/?]/);
    if (end < 0) end = auth.length;
    let host = auth.slice(0, end);
    const at = host.lastIndexOf("@");
    if (at >= 0) host = host.slice(at + 1);
    const open = host.indexOf("[");
    if (open >= 0) {
      const close = host.indexOf("]");
      if (open !== 0 || close < 0) return false;
      if (!tsIPv6(host.slice(1, close))) return false;
      rest = rest.replace(host.slice(0, close + 1), "");
    }
  }
  return tsURICharsRx.test(rest);
}
