//go:build !linux

package main

import (
	"errors"
	"os"
)

// modoCrudo solo existe en Linux: en los demás sistemas las teclas se leen
// de a líneas (una letra y Enter).
func modoCrudo(*os.File) (restaurar func(), err error) {
	return nil, errors.New("sin modo crudo en este sistema")
}
