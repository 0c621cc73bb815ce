/** "1 project", "3 projects": a count with its noun, plural unless the count is one. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A person as the screens name them: "Name Surname". */
export function fullName(person: { name: string; surname: string }): string {
  return `${person.name} ${person.surname}`.trim();
}
