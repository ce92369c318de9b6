// The network interfaces a command's output lists. A command lists them one way or
// another (`ls /sys/class/net`, `ip -o link | cut -d: -f2`, `ip link`); a line names an
// interface when it is the name alone (a `@peer` suffix aside) or `ip link`'s `N: name:`.
// A name is one of the kernel's families of interface names, so other lines the command
// prints (`1000`, `/workspace`, `nobody`) are never taken for interfaces.

const FAMILIES = /^(?:lo|eth\d+|en[a-z0-9]+|wl[a-z0-9]+|ww[a-z0-9]+|veth[a-z0-9]+|docker\d+|br-[0-9a-f]+|virbr\d+|tun\d+|tap\d+|tunl\d+|sit\d+|ip6tnl\d+|ip_vti\d+|ip6_vti\d+|ip6gre\d+|gre\d+|gretap\d+|erspan\d+|bond\d+|dummy\d+|wg\d+)$/;

/** The interface a line of output names, or null: "lo", " eth0@if12", "2: eth0@if12: <BROADCAST,…> mtu 1500". */
export function interfaceNamed(line: string): string | null {
  const trimmed = line.trim();
  const listed = /^\d+:\s+([^\s:@]+)(?:@[^\s:]+)?:\s/.exec(trimmed)?.[1] ?? /^([^\s:@]+)(?:@\S+)?$/.exec(trimmed)?.[1];
  return listed !== undefined && FAMILIES.test(listed) ? listed : null;
}

/** The interfaces the lines name, each once, in the order first named. */
export function interfacesListed(lines: readonly string[]): string[] {
  return [...new Set(lines.map(interfaceNamed).filter((name): name is string => name !== null))];
}

/** Whether TEXT is written as an interface's name (what "the only interface is `x`" may say). */
export const isInterfaceName = (text: string): boolean => FAMILIES.test(text.trim());
