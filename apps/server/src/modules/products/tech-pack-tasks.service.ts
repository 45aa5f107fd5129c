import type { TTaskList, TTaskRequest, TTechPackTask } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { recordEvent } from "./products.service";
import { packFor } from "./scope";
import { writeHistory } from "./tech-pack-history";

/** The product's tasks, shown on its tech pack. */

const tasks = schema.pdTechPackTasks;
const tu = schema.teamUsers;
const users = schema.users;

const TASK_COLUMNS = {
  task: tasks,
  assigneeName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};
const toTask = (r: { task: typeof tasks.$inferSelect; assigneeName: string | null }): TTechPackTask => ({
  id: r.task.id,
  title: r.task.title,
  assigneeUserId: r.task.assigneeUserId,
  assigneeName: r.assigneeName,
  dueDate: r.task.dueDate,
  status: r.task.status,
  createdBy: r.task.createdBy,
  createdAt: r.task.createdAt.toISOString(),
});

export const tasksOf = async (db: HubDb | HubTx, productId: number, openOnly = false) =>
  (
    await db
      .select(TASK_COLUMNS)
      .from(tasks)
      .leftJoin(users, eq(users.userId, tasks.assigneeUserId))
      .where(and(eq(tasks.productId, productId), openOnly ? sql`${tasks.status} <> 'done'` : undefined))
      .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
  ).map(toTask);

// ---- tasks ------------------------------------------------------------------------------------

const membersOf = async (db: HubDb | HubTx, teamId: number) =>
  (
    await db
      .select({
        userId: users.userId,
        name: sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.userName})`,
      })
      .from(tu)
      .innerJoin(users, eq(users.userId, tu.userId))
      .where(
        and(
          eq(tu.teamId, teamId),
          eq(tu.pending, false),
          or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")),
        ),
      )
      .orderBy(asc(users.firstName))
  ).map((m) => ({ userId: m.userId, name: m.name }));

export const readTasks = async (db: HubDb, p: Principal, stpId: number): Promise<TTaskList> => {
  const ctx = await packFor(db, p, stpId);
  // The tasks are the team's own work list, not part of what a facility was sent.
  if (ctx.viewer === "facility") return { tasks: [], members: [], canEdit: false };
  return {
    tasks: await tasksOf(db, ctx.product.id),
    members: await membersOf(db, ctx.product.teamId),
    canEdit: ctx.role !== null,
  };
};

const checkAssignee = async (tx: HubTx, teamId: number, userId: number | null) => {
  if (userId === null) return;
  const members = await membersOf(tx, teamId);
  if (!members.some((m) => m.userId === userId))
    throw badRequest("Assign the task to a member of the team.", { assigneeUserId: "Not a team member" });
};

export const saveTask = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  taskId: number | null,
  req: TTaskRequest,
): Promise<TTaskList> => {
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    if (ctx.role === null) throw forbidden("Only members of the product's team can change its tasks.");
    await checkAssignee(tx, ctx.product.teamId, req.assigneeUserId);
    if (taskId === null) {
      const [row] = await tx
        .insert(tasks)
        .values({ productId: ctx.product.id, ...req, createdBy: p.userName })
        .returning({ id: tasks.id });
      await writeHistory(tx, stpId, p.userName, "taskList", {}, { [`task ${row?.id}`]: req });
    } else {
      const [before] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.productId, ctx.product.id)));
      if (!before) throw notFound("That task");
      await tx
        .update(tasks)
        .set({ ...req, updatedAt: new Date() })
        .where(eq(tasks.id, taskId));
      const old = {
        title: before.title,
        assigneeUserId: before.assigneeUserId,
        dueDate: before.dueDate,
        status: before.status,
      };
      await writeHistory(tx, stpId, p.userName, "taskList", { [`task ${taskId}`]: old }, { [`task ${taskId}`]: req });
    }
  });
  return readTasks(db, p, stpId);
};

export const deleteTask = async (db: HubDb, p: Principal, stpId: number, taskId: number): Promise<TTaskList> => {
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    if (ctx.role === null) throw forbidden("Only members of the product's team can change its tasks.");
    const [gone] = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.productId, ctx.product.id)))
      .returning();
    if (!gone) throw notFound("That task");
    await recordEvent(tx, stpId, p.userName, "taskList", `task ${taskId}`, `deleted: ${gone.title}`);
  });
  return readTasks(db, p, stpId);
};
