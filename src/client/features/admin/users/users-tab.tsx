import Pencil from "lucide-react/icons/pencil";
import Phone from "lucide-react/icons/phone";
import UserX from "lucide-react/icons/user-x";
import { useMemo, useState } from "react";
import type { User } from "@shared/api/auth";
import { ADMIN_WORDS_PAGE_SIZE, MOBILE_BREAKPOINT_PX } from "@shared/constants";
import { planStateOf } from "@shared/rules/plans";
import { EmptyState } from "@client/components/layout/empty-state";
import { UserAvatar } from "@client/components/layout/user-avatar";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Drawer, DrawerContent, DrawerDescription, DrawerTitle } from "@client/components/ui/drawer";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { useMediaQuery } from "@client/lib/use-media-query";
import { useAdminUsers } from "../api/users";
import { Pagination, paginate } from "../shared/pagination";
import { RefundLastPayment } from "./refund-last-payment";
import { UserEditForm } from "./user-edit-form";

// Admin is never drawn by the server, so its dates can come from Intl in the browser's zone.
const createdDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
const accountCount = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "account" : "accounts"}`;
const fullName = (user: User) => user.fullName ?? "Not provided";

/** User cards with an edit button: the edit form opens inline on wide screens, in a bottom drawer under 768 px. */
export function UsersTab() {
  const users = useAdminUsers();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

  const filtered = useMemo(() => {
    const query = search.trim().toLowerCase();
    const all = users.data ?? [];
    return query
      ? all.filter((user) => `${user.email} ${user.fullName ?? ""}`.toLowerCase().includes(query))
      : all;
  }, [users.data, search]);
  const shown = paginate(filtered, page, ADMIN_WORDS_PAGE_SIZE);
  const editing = users.data?.find((user) => user.id === editingId) ?? null;

  if (users.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-44 rounded-2xl" />
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="users-heading" className="text-lg font-semibold">
            Users
          </h2>
          <p className="text-sm text-muted-foreground">{accountCount(users.data?.length ?? 0)}</p>
        </div>
        <SearchInput
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search by e-mail or name..."
          aria-label="Search users"
          className="sm:w-72"
        />
      </div>
      {shown.items.length === 0 ? (
        <EmptyState icon={UserX} title="No users found" description="Try another e-mail address or name." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.items.map((user) =>
            wide && user.id === editingId ? (
              <li key={user.id} className="md:col-span-2 xl:col-span-3">
                <Card className="border-primary/50 p-5 sm:p-6">
                  <h3 className="mb-4 text-base font-semibold">Edit User</h3>
                  <UserEditForm user={user} onDone={() => setEditingId(null)} />
                  <RefundLastPayment user={user} onRefunded={() => setEditingId(null)} />
                </Card>
              </li>
            ) : (
              <li key={user.id}>
                <UserCard user={user} onEdit={() => setEditingId(user.id)} />
              </li>
            ),
          )}
        </ul>
      )}
      <Pagination
        page={shown.page}
        pageCount={shown.pageCount}
        onPageChange={setPage}
        label="User list pages"
      />

      <Drawer open={!wide && editing !== null} onOpenChange={(open) => (open ? null : setEditingId(null))}>
        {editing ? (
          <DrawerContent>
            <DrawerTitle className="text-lg font-semibold">Edit User</DrawerTitle>
            <DrawerDescription className="mb-4 text-sm text-muted-foreground">
              {editing.email}
            </DrawerDescription>
            <UserEditForm user={editing} onDone={() => setEditingId(null)} />
            <RefundLastPayment user={editing} onRefunded={() => setEditingId(null)} />
          </DrawerContent>
        ) : null}
      </Drawer>
    </section>
  );
}

function UserCard({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="user-card">
      <div className="flex items-start gap-3">
        <UserAvatar user={user} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{user.email}</p>
          <p className="truncate text-sm text-muted-foreground">{fullName(user)}</p>
        </div>
        <Button
          variant="outline"
          size="icon"
          onClick={onEdit}
          aria-label={`Edit ${user.email}`}
          className="size-9"
        >
          <Pencil aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {/* The plan the user is on now: a trialing free account reads 'Premium (trial)' (issue 17). */}
        <Badge variant="outline" data-testid="plan-badge">
          {planStateOf(user, new Date()).label}
        </Badge>
        <Badge variant={user.isAdmin ? "default" : "secondary"}>{user.isAdmin ? "Admin" : "User"}</Badge>
      </div>
      <dl className="mt-auto space-y-1 text-xs text-muted-foreground">
        {user.phoneNumber ? (
          <div className="flex items-center gap-1.5">
            <dt>
              <Phone className="size-3.5" aria-label="Phone" />
            </dt>
            <dd>{user.phoneNumber}</dd>
          </div>
        ) : null}
        <div className="flex gap-1.5">
          <dt>ID:</dt>
          <dd className="min-w-0 truncate font-mono">{user.id}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Created:</dt>
          <dd>{createdDate.format(new Date(user.createdAt))}</dd>
        </div>
      </dl>
    </Card>
  );
}
