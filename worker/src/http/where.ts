/** A WHERE clause built from optional conditions, each `?` numbered as the next parameter. */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  add(condition: string, ...values: unknown[]): this {
    let next = 0;
    this.conditions.push(
      condition.replace(/\?/g, () => {
        this.params.push(values[next++]);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** Adds a condition on one value, written with `param` wherever the value goes. */
  addOn(value: unknown, condition: (param: string) => string): this {
    this.params.push(value);
    this.conditions.push(condition(`$${this.params.length}`));
    return this;
  }

  /** Adds the condition only when the value was given. */
  addIf(value: unknown, condition: string): this {
    return value === undefined || value === null || value === '' ? this : this.add(condition, value);
  }

  get sql(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}
