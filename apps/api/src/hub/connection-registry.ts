import type { Audience } from "../realtime/realtime-bus.js";
import { type Connection, isAdmin } from "./hub-connection.js";

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>;

function addTo<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection) {
  let members = index.get(key);
  if (!members) {
    members = new Set();
    index.set(key, members);
  }
  members.add(connection);
}

function removeFrom<K>(index: Map<K, Set<Connection>>, key: K, connection: Connection) {
  const members = index.get(key);
  if (!members) return;
  members.delete(connection);
  if (members.size === 0) index.delete(key);
}

/** This instance's connections, indexed by user and by group, and which of them are admins. */
export function createConnectionRegistry() {
  const connections = new Set<Connection>();
  const admins = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  const groups = new Map<string, Set<Connection>>();

  /** Adds the connections an audience names (admins only when one user is left out). */
  function collect(audience: Audience, into: Set<Connection>) {
    const add = (members: Iterable<Connection> | undefined) => {
      if (members) for (const member of members) into.add(member);
    };
    if (audience.kind === "admins") {
      // Every admin but the event's author: rare (notifications), so one record per socket.
      const { exceptUserId } = audience;
      if (exceptUserId !== undefined)
        for (const admin of admins) if (admin.user.id !== exceptUserId) into.add(admin);
    } else if (audience.kind === "group") add(groups.get(audience.name));
    else if (audience.kind === "user") add(byUser.get(audience.userId));
    else if (audience.kind === "many") for (const inner of audience.audiences) collect(inner, into);
  }

  return {
    connections: connections as ReadonlySet<Connection>,
    admins: admins as ReadonlySet<Connection>,
    has: (connection: Connection) => connections.has(connection),
    /** The user's connections here, oldest first. */
    ofUser: (userId: number): readonly Connection[] => [...(byUser.get(userId) ?? [])],
    add(connection: Connection) {
      connections.add(connection);
      if (isAdmin(connection.user)) admins.add(connection);
      addTo(byUser, connection.user.id, connection);
    },
    /** Removes it from every index; false when it was already gone. */
    remove(connection: Connection): boolean {
      if (!connections.delete(connection)) return false;
      admins.delete(connection);
      removeFrom(byUser, connection.user.id, connection);
      for (const group of connection.groups) removeFrom(groups, group, connection);
      connection.groups.clear();
      return true;
    },
    joinGroup(connection: Connection, name: string) {
      if (!connections.has(connection)) return;
      connection.groups.add(name);
      addTo(groups, name, connection);
    },
    leaveGroup(connection: Connection, name: string) {
      connection.groups.delete(name);
      removeFrom(groups, name, connection);
    },
    collect,
  };
}
