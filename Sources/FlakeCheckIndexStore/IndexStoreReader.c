#include "FlakeCheckIndexStore.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The toolchain's types, as opaque pointers (indexstore.h).
typedef void *indexstore_t;
typedef void *indexstore_error_t;
typedef void *indexstore_unit_reader_t;
typedef void *indexstore_unit_dependency_t;
typedef void *indexstore_record_reader_t;
typedef void *indexstore_occurrence_t;
typedef void *indexstore_symbol_t;
typedef void *indexstore_symbol_relation_t;
typedef flakecheck_index_string indexstore_string_ref_t;
enum { INDEXSTORE_UNIT_DEPENDENCY_RECORD = 2 };

/// The library's functions used here, looked up by name.
typedef struct {
    const char *(*error_get_description)(indexstore_error_t);
    void (*error_dispose)(indexstore_error_t);
    indexstore_t (*store_create)(const char *, indexstore_error_t *);
    void (*store_dispose)(indexstore_t);
    bool (*store_units_apply_f)(indexstore_t, unsigned, void *, bool (*)(void *, indexstore_string_ref_t));
    indexstore_unit_reader_t (*unit_reader_create)(indexstore_t, const char *, indexstore_error_t *);
    void (*unit_reader_dispose)(indexstore_unit_reader_t);
    bool (*unit_reader_is_system_unit)(indexstore_unit_reader_t);
    indexstore_string_ref_t (*unit_reader_get_main_file)(indexstore_unit_reader_t);
    bool (*unit_reader_dependencies_apply_f)(indexstore_unit_reader_t, void *, bool (*)(void *, indexstore_unit_dependency_t));
    int (*unit_dependency_get_kind)(indexstore_unit_dependency_t);
    bool (*unit_dependency_is_system)(indexstore_unit_dependency_t);
    indexstore_string_ref_t (*unit_dependency_get_filepath)(indexstore_unit_dependency_t);
    indexstore_string_ref_t (*unit_dependency_get_name)(indexstore_unit_dependency_t);
    indexstore_record_reader_t (*record_reader_create)(indexstore_t, const char *, indexstore_error_t *);
    void (*record_reader_dispose)(indexstore_record_reader_t);
    bool (*record_reader_occurrences_apply_f)(indexstore_record_reader_t, void *, bool (*)(void *, indexstore_occurrence_t));
    indexstore_symbol_t (*occurrence_get_symbol)(indexstore_occurrence_t);
    uint64_t (*occurrence_get_roles)(indexstore_occurrence_t);
    void (*occurrence_get_line_col)(indexstore_occurrence_t, unsigned *, unsigned *);
    bool (*occurrence_relations_apply_f)(indexstore_occurrence_t, void *, bool (*)(void *, indexstore_symbol_relation_t));
    indexstore_string_ref_t (*symbol_get_usr)(indexstore_symbol_t);
    indexstore_string_ref_t (*symbol_get_name)(indexstore_symbol_t);
    uint64_t (*symbol_relation_get_roles)(indexstore_symbol_relation_t);
    indexstore_symbol_t (*symbol_relation_get_symbol)(indexstore_symbol_relation_t);
} api_t;

typedef struct {
    api_t *api;
    indexstore_t store;
    const char *prefix;
    void *context;
    flakecheck_index_record_filter filter;
    flakecheck_index_visitor visitor;
    // The record being read, and the occurrence being reported.
    flakecheck_index_string file;
    flakecheck_index_occurrence occurrence;
    bool related;
} walk_t;

static bool load(api_t *api, void *library, char *error, size_t error_size) {
#define LOOK_UP(field, name)                                                                       \
    *(void **)(&api->field) = dlsym(library, name);                                                \
    if (!api->field) {                                                                             \
        snprintf(error, error_size, "libIndexStore has no %s", name);                             \
        return false;                                                                              \
    }
    LOOK_UP(error_get_description, "indexstore_error_get_description")
    LOOK_UP(error_dispose, "indexstore_error_dispose")
    LOOK_UP(store_create, "indexstore_store_create")
    LOOK_UP(store_dispose, "indexstore_store_dispose")
    LOOK_UP(store_units_apply_f, "indexstore_store_units_apply_f")
    LOOK_UP(unit_reader_create, "indexstore_unit_reader_create")
    LOOK_UP(unit_reader_dispose, "indexstore_unit_reader_dispose")
    LOOK_UP(unit_reader_is_system_unit, "indexstore_unit_reader_is_system_unit")
    LOOK_UP(unit_reader_get_main_file, "indexstore_unit_reader_get_main_file")
    LOOK_UP(unit_reader_dependencies_apply_f, "indexstore_unit_reader_dependencies_apply_f")
    LOOK_UP(unit_dependency_get_kind, "indexstore_unit_dependency_get_kind")
    LOOK_UP(unit_dependency_is_system, "indexstore_unit_dependency_is_system")
    LOOK_UP(unit_dependency_get_filepath, "indexstore_unit_dependency_get_filepath")
    LOOK_UP(unit_dependency_get_name, "indexstore_unit_dependency_get_name")
    LOOK_UP(record_reader_create, "indexstore_record_reader_create")
    LOOK_UP(record_reader_dispose, "indexstore_record_reader_dispose")
    LOOK_UP(record_reader_occurrences_apply_f, "indexstore_record_reader_occurrences_apply_f")
    LOOK_UP(occurrence_get_symbol, "indexstore_occurrence_get_symbol")
    LOOK_UP(occurrence_get_roles, "indexstore_occurrence_get_roles")
    LOOK_UP(occurrence_get_line_col, "indexstore_occurrence_get_line_col")
    LOOK_UP(occurrence_relations_apply_f, "indexstore_occurrence_relations_apply_f")
    LOOK_UP(symbol_get_usr, "indexstore_symbol_get_usr")
    LOOK_UP(symbol_get_name, "indexstore_symbol_get_name")
    LOOK_UP(symbol_relation_get_roles, "indexstore_symbol_relation_get_roles")
    LOOK_UP(symbol_relation_get_symbol, "indexstore_symbol_relation_get_symbol")
#undef LOOK_UP
    return true;
}

/// A C string of a string reference (the index's are not terminated).
static char *terminated(flakecheck_index_string text) {
    char *copy = malloc(text.length + 1);
    if (!copy) return NULL;
    memcpy(copy, text.data, text.length);
    copy[text.length] = 0;
    return copy;
}

static bool visit_relation(void *context, indexstore_symbol_relation_t relation) {
    walk_t *walk = context;
    walk->occurrence.related_usr = walk->api->symbol_get_usr(walk->api->symbol_relation_get_symbol(relation));
    walk->occurrence.relation_roles = walk->api->symbol_relation_get_roles(relation);
    walk->related = true;
    walk->visitor(walk->context, &walk->occurrence);
    return true;
}

static bool visit_occurrence(void *context, indexstore_occurrence_t occurrence) {
    walk_t *walk = context;
    api_t *api = walk->api;
    indexstore_symbol_t symbol = api->occurrence_get_symbol(occurrence);
    walk->occurrence.file = walk->file;
    walk->occurrence.usr = api->symbol_get_usr(symbol);
    walk->occurrence.name = api->symbol_get_name(symbol);
    walk->occurrence.roles = api->occurrence_get_roles(occurrence);
    api->occurrence_get_line_col(occurrence, &walk->occurrence.line, &walk->occurrence.column);
    walk->occurrence.related_usr = (flakecheck_index_string){"", 0};
    walk->occurrence.relation_roles = 0;
    walk->related = false;
    api->occurrence_relations_apply_f(occurrence, walk, visit_relation);
    if (!walk->related) {
        walk->occurrence.related_usr = (flakecheck_index_string){"", 0};
        walk->occurrence.relation_roles = 0;
        walk->visitor(walk->context, &walk->occurrence);
    }
    return true;
}

static bool visit_dependency(void *context, indexstore_unit_dependency_t dependency) {
    walk_t *walk = context;
    api_t *api = walk->api;
    if (api->unit_dependency_get_kind(dependency) != INDEXSTORE_UNIT_DEPENDENCY_RECORD) return true;
    if (api->unit_dependency_is_system(dependency)) return true;
    flakecheck_index_string name = api->unit_dependency_get_name(dependency);
    if (!walk->filter(walk->context, name)) return true;
    char *record_name = terminated(name);
    if (!record_name) return true;
    indexstore_error_t error = NULL;
    indexstore_record_reader_t reader = api->record_reader_create(walk->store, record_name, &error);
    free(record_name);
    if (!reader) {
        if (error) api->error_dispose(error);
        return true;
    }
    walk->file = api->unit_dependency_get_filepath(dependency);
    api->record_reader_occurrences_apply_f(reader, walk, visit_occurrence);
    api->record_reader_dispose(reader);
    return true;
}

static bool visit_unit(void *context, indexstore_string_ref_t unit_name) {
    walk_t *walk = context;
    api_t *api = walk->api;
    char *name = terminated(unit_name);
    if (!name) return true;
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t reader = api->unit_reader_create(walk->store, name, &error);
    free(name);
    if (!reader) {
        if (error) api->error_dispose(error);
        return true;
    }
    flakecheck_index_string main_file = api->unit_reader_get_main_file(reader);
    size_t prefix = strlen(walk->prefix);
    if (!api->unit_reader_is_system_unit(reader) && main_file.length >= prefix
        && memcmp(main_file.data, walk->prefix, prefix) == 0) {
        api->unit_reader_dependencies_apply_f(reader, walk, visit_dependency);
    }
    api->unit_reader_dispose(reader);
    return true;
}

int flakecheck_index_store_read(const char *library_path, const char *store_path, const char *path_prefix,
                                void *context, flakecheck_index_record_filter filter,
                                flakecheck_index_visitor visitor, char *error, size_t error_size) {
    void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot open %s: %s", library_path, dlerror());
        return -1;
    }
    api_t api;
    if (!load(&api, library, error, error_size)) {
        dlclose(library);
        return -1;
    }
    indexstore_error_t store_error = NULL;
    indexstore_t store = api.store_create(store_path, &store_error);
    if (!store) {
        snprintf(error, error_size, "cannot open the index store %s: %s", store_path,
                 store_error ? api.error_get_description(store_error) : "unknown error");
        if (store_error) api.error_dispose(store_error);
        dlclose(library);
        return -1;
    }
    walk_t walk = {.api = &api, .store = store, .prefix = path_prefix, .context = context, .filter = filter,
                   .visitor = visitor};
    api.store_units_apply_f(store, 0, &walk, visit_unit);
    api.store_dispose(store);
    dlclose(library);
    return 0;
}
