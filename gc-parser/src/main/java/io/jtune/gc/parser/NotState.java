package io.jtune.gc.parser;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a parser field that holds no state of the parse: a scratch buffer whose content past
 * what other fields say is in use means nothing, or a cache that gives the same results
 * whatever it holds. {@link StateCompare} leaves such fields out when it decides whether two
 * parsers would go on alike.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface NotState {}
