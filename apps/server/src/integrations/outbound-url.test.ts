import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPrivateAddress, OutboundRefused, outboundFetch } from "./outbound-url.js";

describe("isPrivateAddress", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.254", "private 172.16/12"],
    ["192.168.0.10", "private 192.168/16"],
    ["169.254.169.254", "link-local, cloud metadata"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::", "IPv6 unspecified"],
    ["::1", "IPv6 loopback"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "IPv6 link-local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["not-an-address", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ])("lets %s through", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("checkOutboundUrl", () => {
  const refusal = (url: string) =>
    checkOutboundUrl(url, "deny").then(
      () => "allowed",
      (error: unknown) => (error instanceof OutboundRefused ? error.reason : String(error)),
    );

  it("refuses private addresses, written as IPs or behind a name", async () => {
    expect(await refusal("http://127.0.0.1:8080/hook")).toBe("privateAddress");
    expect(await refusal("http://[::1]/")).toBe("privateAddress");
    expect(await refusal("http://[::ffff:169.254.169.254]/latest/meta-data")).toBe("privateAddress");
    expect(await refusal("https://169.254.169.254/")).toBe("privateAddress");
    expect(await refusal("http://localhost:5678/webhook/x")).toBe("privateAddress");
  });

  it("refuses what is not http(s), whatever the setting", async () => {
    expect(await refusal("file:///etc/passwd")).toBe("invalidUrl");
    expect(await refusal("not a url")).toBe("invalidUrl");
    await expect(checkOutboundUrl("ftp://example.com/", "allow")).rejects.toBeInstanceOf(OutboundRefused);
  });

  it("lets public addresses through, and private ones when allowed", async () => {
    expect(await refusal("https://8.8.8.8/")).toBe("allowed");
    expect((await checkOutboundUrl("http://localhost:5678/x", "allow")).port).toBe("5678");
  });
});

describe("outboundFetch", () => {
  it("reaches a local server only when private targets are allowed", async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits += 1;
      response.end("ok");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as AddressInfo).port;
    try {
      const allowed = await outboundFetch(`http://localhost:${port}/final`, {}, "allow");
      expect(await allowed.text()).toBe("ok");
      expect(hits).toBe(1);
      await expect(outboundFetch(`http://localhost:${port}/final`, {}, "deny")).rejects.toBeInstanceOf(OutboundRefused);
      await expect(outboundFetch(`http://127.0.0.1:${port}/final`, {}, "deny")).rejects.toBeInstanceOf(OutboundRefused);
      expect(hits).toBe(1);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
