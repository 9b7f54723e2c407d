/**
 * The length a new password may have. Its own file so the web shell's password inputs read it without the
 * package index (the domain's schemas) or the rule (`./password`, with the common-password list).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
