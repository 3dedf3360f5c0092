#ifndef FEEDBACKFLOW_CYAML_SHIM_H
#define FEEDBACKFLOW_CYAML_SHIM_H
#include <yaml.h>
#endif
