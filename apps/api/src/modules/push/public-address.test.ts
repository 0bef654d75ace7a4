import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.js";

describe("isPublicAddress: where a push may connect (issue 32)", () => {
  it("accepts public unicast IPv4 and IPv6, and IPv6 forms that carry a public IPv4", () => {
    for (const address of [
      "8.8.8.8",
      "142.250.72.10",
      "1.1.1.1",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "223.255.255.255",
      "2607:f8b0:4004:c07::5f",
      "2a00:1450:4001:82b::200a",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "64:ff9b::8.8.8.8",
      "64:ff9b::808:808",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses loopback, private, link-local, CGNAT, reserved and multicast IPv4", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "0.1.2.3",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "192.0.0.8",
      "192.0.2.1",
      "192.88.99.1",
      "198.18.0.1",
      "198.51.100.1",
      "203.0.113.1",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses every IPv6 that is not public unicast, and the IPv4-carrying forms of private IPv4", () => {
    for (const address of [
      "::",
      "::1",
      "::127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "::ffff:0:0",
      "64:ff9b::127.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::",
      "64:ff9b:1::1",
      "100::1",
      "fc00::1",
      "fd12:3456:789a::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "2001:db8::1",
      "2001::1",
      "2002:7f00:1::1",
      "3fff::1",
      "4000::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses what is not an address", () => {
    for (const value of ["", "localhost", "127.1", "0x7f.0.0.1", "2130706433", "[::1]", "8.8.8.8.8"]) {
      expect(isPublicAddress(value), value).toBe(false);
    }
  });
});
