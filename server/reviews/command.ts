import { z } from "zod";
import type { ReviewService } from "./service";

export class ReviewCommandError extends Error {
  override name = "ReviewCommandError";
}

export const REVIEW_COMMAND_USAGE = [
  "Usage: npm run reviews -- <command>",
  "  list-pending     the reviews waiting for a decision, oldest first",
  "  approve <id>     publish a review (the product's rating is updated)",
  "  reject <id>      keep a review from the shop",
].join("\n");

const ReviewId = z.uuid();

/** Runs one moderation command and returns what to print. */
export async function runReviewCommand(args: string[], reviews: ReviewService): Promise<string> {
  const [command, id] = args;
  if (command === "list-pending") {
    const pending = await reviews.listPending();
    if (pending.length === 0) return "No reviews are waiting.";
    return pending
      .map((r) => `${r.id}  ${r.createdAt}  ${"★".repeat(r.rating)}${"☆".repeat(5 - r.rating)}  ${r.productName}  (${r.authorName}, ${r.language})\n    ${r.title}: ${r.content}`)
      .join("\n");
  }
  if (command === "approve" || command === "reject") {
    if (!ReviewId.safeParse(id).success) throw new ReviewCommandError(`${command}: give the review's id (see list-pending).\n${REVIEW_COMMAND_USAGE}`);
    const found = await reviews.moderate(id!, command === "approve" ? "approved" : "rejected");
    if (!found) throw new ReviewCommandError(`There is no review ${id}.`);
    return command === "approve" ? `Review ${id} is published.` : `Review ${id} is rejected.`;
  }
  throw new ReviewCommandError(REVIEW_COMMAND_USAGE);
}
