env = {
  "PATH": "${HERMIT_ENV}/scripts:${PATH}",
}
