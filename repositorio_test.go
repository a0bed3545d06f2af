package palabras_test

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tamanoMaximo es lo más que pesa un archivo versionado que no está en
// datosGrandes: los datos del repositorio (GADDAG, tablas de hojas) pesan
// menos.
const tamanoMaximo = 5 << 20

// ejecutablesPermitidos son los únicos archivos versionados que pueden
// tener el modo 100755: scripts, nunca programas compilados.
var ejecutablesPermitidos = map[string]bool{
	".ci/run": true, // la integración continua
	".ci/api": true, // la compatibilidad de la API con la última etiqueta
}

// datosGrandes son los archivos de datos versionados que pueden pasar de
// tamanoMaximo, con su porqué. Hoy no hay ninguno.
var datosGrandes = map[string]bool{}

// versionado es lo que la prueba mira de un archivo del índice de git.
type versionado struct {
	ruta     string
	modo     string // "100644", "100755", "120000" (enlace)…
	tamano   int64
	cabecera []byte // los primeros bytes del contenido
}

// problemas devuelve un mensaje por cada archivo que no debería estar en
// el repositorio: un ejecutable (por su modo o por su contenido) o uno que
// pesa más de tamanoMaximo, salvo los de las listas.
func problemas(vs []versionado) []string {
	var ps []string
	for _, v := range vs {
		if v.modo == "100755" && !ejecutablesPermitidos[v.ruta] {
			ps = append(ps, fmt.Sprintf("%s: modo ejecutable (100755)", v.ruta))
		}
		if f := formatoEjecutable(v.cabecera); f != "" && !ejecutablesPermitidos[v.ruta] {
			ps = append(ps, fmt.Sprintf("%s: es un programa compilado (%s)", v.ruta, f))
		}
		if v.tamano > tamanoMaximo && !datosGrandes[v.ruta] {
			ps = append(ps, fmt.Sprintf("%s: pesa %d bytes, más de %d", v.ruta, v.tamano, tamanoMaximo))
		}
	}
	return ps
}

// formatoEjecutable reconoce la cabecera de un programa compilado: ELF
// (Linux), Mach-O (macOS, también universal) o PE (Windows). Devuelve "" si
// no es ninguno.
func formatoEjecutable(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x7fELF")):
		return "ELF"
	case len(b) >= 4 && (binary.LittleEndian.Uint32(b) == 0xfeedface || binary.LittleEndian.Uint32(b) == 0xfeedfacf ||
		binary.BigEndian.Uint32(b) == 0xfeedface || binary.BigEndian.Uint32(b) == 0xfeedfacf):
		return "Mach-O"
	case len(b) >= 8 && binary.BigEndian.Uint32(b) == 0xcafebabe && binary.BigEndian.Uint32(b[4:]) < 64:
		return "Mach-O universal" // una clase de Java empieza igual, con la versión (≥ 45) después
	case bytes.HasPrefix(b, []byte("MZ")) && len(b) >= 0x40:
		// MZ es también el comienzo de un texto cualquiera: un PE tiene
		// "PE\0\0" donde dice el campo de 0x3c.
		if off := int(binary.LittleEndian.Uint32(b[0x3c:])); off+4 <= len(b) && string(b[off:off+4]) == "PE\x00\x00" {
			return "PE"
		}
	}
	return ""
}

// bytesDeCabecera son los bytes de cada archivo que lee formatoEjecutable:
// la cabecera MZ de un PE suele apuntar a menos de 512.
const bytesDeCabecera = 1024

// versionados lista los archivos del índice de git del checkout que
// contiene dir, con su modo, su tamaño y su cabecera; salta la prueba si no
// hay git o dir no está en un checkout.
func versionados(t *testing.T, dir string) []versionado {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("sin git: no se revisan los archivos versionados")
	}
	raiz, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("%s no está en un checkout de git: no se revisan los archivos versionados", dir)
	}
	lista, err := exec.Command("git", "-C", strings.TrimSpace(string(raiz)), "ls-files", "-s", "-z").Output()
	require.NoError(t, err)
	var vs []versionado
	var objetos []string
	for _, linea := range strings.Split(strings.TrimSuffix(string(lista), "\x00"), "\x00") {
		if linea == "" {
			continue
		}
		// "modo objeto etapa\truta"
		datos, ruta, ok := strings.Cut(linea, "\t")
		campos := strings.Fields(datos)
		require.True(t, ok && len(campos) == 3, "línea de git ls-files -s: %q", linea)
		if campos[0] == "160000" {
			continue // un submódulo: no es un archivo
		}
		vs = append(vs, versionado{ruta: ruta, modo: campos[0]})
		objetos = append(objetos, campos[1])
	}
	// El contenido sale de git, no del directorio de trabajo: lo que se
	// mira es lo que se va a commitear.
	cmd := exec.Command("git", "-C", strings.TrimSpace(string(raiz)), "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(objetos, "\n") + "\n")
	salida, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	r := bufio.NewReaderSize(salida, 1<<16)
	for i := range vs {
		cab, err := r.ReadString('\n')
		require.NoError(t, err)
		campos := strings.Fields(cab) // "objeto tipo tamaño"
		require.Len(t, campos, 3, "cabecera de git cat-file: %q", cab)
		n, err := strconv.ParseInt(campos[2], 10, 64)
		require.NoError(t, err)
		vs[i].tamano = n
		vs[i].cabecera = make([]byte, min(n, bytesDeCabecera))
		_, err = io.ReadFull(r, vs[i].cabecera)
		require.NoError(t, err)
		_, err = r.Discard(int(n) - len(vs[i].cabecera) + 1) // el resto y el salto de línea
		require.NoError(t, err)
	}
	require.NoError(t, cmd.Wait())
	return vs
}

// TestSoloFuentes falla si el repositorio versiona un programa compilado
// (un archivo con modo ejecutable o con cabecera ELF, Mach-O o PE) o un
// archivo de más de 5 MB, salvo los de ejecutablesPermitidos y
// datosGrandes. Para quitarlo: git rm --cached ruta (y agregar su nombre a
// .gitignore).
func TestSoloFuentes(t *testing.T) {
	vs := versionados(t, ".")
	require.NotEmpty(t, vs)
	for _, p := range problemas(vs) {
		t.Error(p)
	}
}

// TestSoloFuentesDetectaEjecutables comprueba que la revisión muerde: en un
// repositorio nuevo, con el binario de esta misma prueba agregado al
// índice, TestSoloFuentes informa el programa; y las reglas reconocen cada
// caso a mano.
func TestSoloFuentesDetectaEjecutables(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("sin git")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	git("init", "-q")
	binario, err := os.ReadFile(os.Args[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "programa"), binario, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "fuente.go"), []byte("package p\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "script"), []byte("#!/bin/sh\n"), 0o755))
	git("add", "programa", "fuente.go", "script")
	git("update-index", "--chmod=+x", "script") // también donde el sistema de archivos no guarda el modo
	ps := problemas(versionados(t, dir))
	t.Logf("problemas del repositorio de prueba: %q", ps)
	require.Contains(t, strings.Join(ps, "\n"), "programa: es un programa compilado")
	require.Contains(t, strings.Join(ps, "\n"), "script: modo ejecutable (100755)")
	require.NotContains(t, strings.Join(ps, "\n"), "fuente.go")

	pe := make([]byte, 0x80)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x40)
	copy(pe[0x40:], "PE\x00\x00")
	for _, c := range []struct {
		v    versionado
		hay  bool
		como string
	}{
		{versionado{ruta: "a.exe", modo: "100644", cabecera: pe}, true, "PE"},
		{versionado{ruta: "a", modo: "100644", cabecera: []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}}, true, "Mach-O"},
		{versionado{ruta: "a", modo: "100644", cabecera: []byte("\x7fELF\x02\x01\x01")}, true, "ELF"},
		{versionado{ruta: "grande.bin", modo: "100644", tamano: tamanoMaximo + 1}, true, "pesa"},
		{versionado{ruta: ".ci/run", modo: "100755", cabecera: []byte("#!/usr/bin/env bash\n")}, false, ""},
		{versionado{ruta: "MZ.txt", modo: "100644", cabecera: []byte("MZ es una sigla\n")}, false, ""},
		{versionado{ruta: "lexico.gaddag", modo: "100644", tamano: 4 << 20}, false, ""},
	} {
		ps := problemas([]versionado{c.v})
		require.Equal(t, c.hay, len(ps) > 0, "%+v: %q", c.v, ps)
		if c.hay {
			require.Contains(t, ps[0], c.como)
		}
	}
}
