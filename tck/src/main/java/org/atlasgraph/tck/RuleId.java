package org.atlasgraph.tck;

/**
 * The rules of the kit. IDs are {@code AREA-n} and stable forever; a retired ID is never reused.
 */
public enum RuleId {
    ;

    private final String id;
    private final Level level;
    private final String statement;

    RuleId(String id, Level level, String statement) {
        this.id = id;
        this.level = level;
        this.statement = statement;
    }

    /** @return the stable ID, e.g. {@code "RET-1"} */
    public String id() {
        return id;
    }

    /** @return how the rule binds */
    public Level level() {
        return level;
    }

    /** @return the one-line statement, e.g. {@code "Ret_p(0) = p"} */
    public String statement() {
        return statement;
    }
}
