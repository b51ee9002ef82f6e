/* status.c -- messages and names of the status codes of nhref_status.h. */
#include "nhref_status.h"

const char *nhref_strerror(int status)
{
    switch (status) {
#define NHREF_X_MSG(name, value, msg) \
    case name:                        \
        return msg;
        NHREF_STATUS_LIST(NHREF_X_MSG)
#undef NHREF_X_MSG
    default:
        return "unknown status";
    }
}

const char *nhref_status_name(int status)
{
    switch (status) {
#define NHREF_X_NAME(name, value, msg) \
    case name:                         \
        return #name;
        NHREF_STATUS_LIST(NHREF_X_NAME)
#undef NHREF_X_NAME
    default:
        return "NHREF_UNKNOWN";
    }
}
