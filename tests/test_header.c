/* Compiles the public header as strict C89 (built, not run). */
#include <carcvar/carcvar.h>

int main(void)
{
    carc_options o;
    carc_options_init(&o);
    return carc_version_number() == CARC_VERSION_NUMBER ? 0 : 1;
}
