import { describe, expect, it } from "vitest";
import { PUSH_MESSAGES, pushSubscriptionSchema } from "./incidents.js";
import { type PushEndpointProblem, pushEndpointProblem, pushHostNameProblem } from "./push-endpoint.js";

describe("push endpoints name a public push service (issue 32)", () => {
  it("accepts the browsers' push services as they give their endpoints", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-abc_DEF",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-abc",
      "https://web.push.apple.com/QGuQyavXutnMH1Dmv",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB",
      "https://push.example.com:8443/send/x",
      "https://PUSH.Example.com/x",
      "https://xn--psh-0ra.example.com/x",
      "https://push.example.com",
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeUndefined();
    }
  });

  it("refuses an IP literal in every notation a URL parser reads", () => {
    for (const endpoint of [
      "https://127.0.0.1/x",
      "https://0x7f.0.0.1/x",
      "https://0x7f.1/",
      "https://0x0.0/",
      "https://0177.0.0.1/",
      "https://127.1/",
      "https://2130706433/",
      "https://0x7f000001/",
      "https://127.0.0.1./",
      "https://10.0.0.1:8443/x",
      "https://169.254.169.254/latest/meta-data",
      "https://8.8.8.8/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:7f00:1]/x",
      "https://[fd00::1]:443/x",
      "https://[2001:4860:4860::8888]/x",
      "https://%31%32%37.0.0.1/x",
      "https://１２７.０.０.１/x",
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBe("ip-address");
    }
  });

  it("refuses single labels, trailing dots and names that are not letters, digits and hyphens", () => {
    for (const endpoint of [
      "https://localhost/x",
      "https://localhost./x",
      "https://push.example.com./x",
      "https://metadata/computeMetadata/v1/",
      "https://a!b.com/x",
      "https://push_service.example.com/x",
      "https://-push.example.com/x",
      "https://push.example.1a/x",
      `https://${"a".repeat(64)}.example.com/x`,
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBe("not-a-domain");
    }
  });

  it("refuses internal names", () => {
    for (const endpoint of [
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://kubernetes.default.svc/api",
      "https://kubernetes.default.svc.cluster.local/api",
      "https://printer.local/x",
      "https://app.localhost/x",
      "https://router.home.arpa/x",
      "https://1.0.0.127.in-addr.arpa/x",
      "https://nas.lan/x",
      "https://intranet.corp/x",
      "https://host.localdomain/x",
      "https://push.test/x",
      "https://push.example/x",
      "https://x.onion/x",
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBe("internal-name");
    }
  });

  it("refuses what is not an https URL as browsers give it", () => {
    for (const endpoint of [
      "http://push.example.com/x",
      "wss://push.example.com/x",
      "https://user:pw@push.example.com/x",
      "https://push.example.com@127.0.0.1/x",
      "https://push.example.com\\@127.0.0.1/x",
      "https://push.example.com%2f@127.0.0.1/x",
      "https://ｐｕｓｈ.example.com/x",
      "https://pûsh.example.com/x",
      "https:/push.example.com/x",
      " https://push.example.com/x",
      "https://push.example.com:99999/x",
      "https://push.example.123/x",
      "no es una url",
      "",
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBe("malformed");
    }
  });

  it("classifies bare host names the same way", () => {
    const cases: [string, PushEndpointProblem | undefined][] = [
      ["fcm.googleapis.com", undefined],
      ["localhost", "not-a-domain"],
      ["localhost.", "not-a-domain"],
      ["127.0.0.1", "not-a-domain"],
      ["metadata.google.internal", "internal-name"],
      ["internal", "not-a-domain"],
      ["notinternal.com", undefined],
      ["svc.example.com", undefined],
    ];
    for (const [host, problem] of cases) expect(pushHostNameProblem(host), host).toBe(problem);
  });

  it("the subscription schema refuses them with the Spanish message", () => {
    const keys = { p256dh: "B".repeat(87), auth: "a".repeat(22) };
    const result = pushSubscriptionSchema.safeParse({ endpoint: "https://0x7f.1/", keys });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PUSH_MESSAGES.endpoint);
    expect(pushSubscriptionSchema.safeParse({ endpoint: "https://push.example.com/x", keys }).success).toBe(
      true,
    );
  });
});
