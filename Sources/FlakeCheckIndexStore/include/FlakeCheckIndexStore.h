// The compiler's index, read through the toolchain's own libIndexStore.so, opened at run time with
// dlopen: no package dependency and no link-time dependency, so flakecheck still runs where the library
// is missing (it then reads hints by name). The few functions used are declared as in the toolchain's
// indexstore.h (usr/local/include/indexstore), with their C (`_f`) appliers rather than blocks.
#ifndef FLAKECHECK_INDEX_STORE_H
#define FLAKECHECK_INDEX_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// A string the index owns, valid during the callback only.
typedef struct {
    const char *data;
    size_t length;
} flakecheck_index_string;

/// One symbol occurrence of one record, with one of its relations (or none): `usr` at `line`:`column`
/// of `file` with `roles` (the index's INDEXSTORE_SYMBOL_ROLE_* bits), related to `related_usr` by
/// `relation_roles`. An occurrence with several relations is reported once per relation.
typedef struct {
    flakecheck_index_string file;
    flakecheck_index_string usr;
    flakecheck_index_string name;
    uint64_t roles;
    unsigned line;
    unsigned column;
    flakecheck_index_string related_usr;
    uint64_t relation_roles;
} flakecheck_index_occurrence;

/// Asked once per record before it is read: return false to skip it (already read through another unit).
typedef bool (*flakecheck_index_record_filter)(void *context, flakecheck_index_string record_name);
typedef void (*flakecheck_index_visitor)(void *context, const flakecheck_index_occurrence *occurrence);

/// Reads every record of the non-system units of the store at `store_path` whose main source file starts
/// with `path_prefix`, calling `visitor` for each occurrence. Returns 0, or -1 with a message in `error`
/// (the library could not be opened, a function is missing, the store cannot be opened).
int flakecheck_index_store_read(const char *library_path, const char *store_path, const char *path_prefix,
                                void *context, flakecheck_index_record_filter filter,
                                flakecheck_index_visitor visitor, char *error, size_t error_size);

#define FLAKECHECK_INDEX_ROLE_DEFINITION (1u << 1)
#define FLAKECHECK_INDEX_ROLE_REFERENCE (1u << 2)
#define FLAKECHECK_INDEX_ROLE_CALL (1u << 5)
#define FLAKECHECK_INDEX_ROLE_DYNAMIC (1u << 6)
#define FLAKECHECK_INDEX_ROLE_IMPLICIT (1u << 8)
#define FLAKECHECK_INDEX_ROLE_REL_CHILDOF (1u << 9)
#define FLAKECHECK_INDEX_ROLE_REL_OVERRIDEOF (1u << 11)
#define FLAKECHECK_INDEX_ROLE_REL_CALLEDBY (1u << 13)
#define FLAKECHECK_INDEX_ROLE_REL_CONTAINEDBY (1u << 16)

#endif
