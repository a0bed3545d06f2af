package bot

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// maxCopias es cuántas copias de una misma letra distingue una hoja: la
// tercera y las siguientes valen lo mismo cada una.
const maxCopias = 3

// maxBalance es el mayor número de vocales o de consonantes que distingue
// la tabla de equilibrio de una hoja.
const maxBalance = 7

// hojasLineales es el modelo lineal de hojas con que jugaba el experto antes de las
// tablas de analisis/hojas, y con el que juega todavía donde no hay tabla:
// se conserva para compararlos (app/cmd/duelo). Da el valor de una hoja, las
// fichas que un jugador conserva después de jugar, en puntos de partidas
// futuras:
//
//	valor(H) = Σ por letra x de H, por copia k: Copia[x][k]  (k hasta maxCopias)
//	         + Equilibrio[vocales de H][consonantes de H]
//
// con la hoja vacía valiendo 0. Los comodines son letra.Comodin. Son unos
// cientos de números, aprendidos por autojuego con un ajuste por mínimos
// cuadrados (los de hojas_en.txt y hojas_es.txt, que ya no se rehacen), y
// se leen y escriben como texto (leerHojas, hojasLineales.WriteTo).
//
// Unas hojasLineales no cambian después de creadas y pueden usarse desde varias
// gorutinas. El valor cero vale 0 para toda hoja.
type hojasLineales struct {
	alf        *letra.Alfabeto
	vocales    letra.Conjunto
	copia      [letra.MaxLetras][maxCopias]float64
	equilibrio [maxBalance + 1][maxBalance + 1]float64
}

// errHojasInvalidas: el texto no es una tabla de hojas válida para el
// alfabeto.
var errHojasInvalidas = errors.New("bot: tabla de hojas inválida")

// vocalesDe devuelve las letras de alf que son vocales (A, E, I, O, U).
func vocalesDe(alf *letra.Alfabeto) letra.Conjunto {
	var c letra.Conjunto
	for _, s := range []string{"A", "E", "I", "O", "U"} {
		if l, ok := alf.Indice(s); ok {
			c |= letra.ConjuntoDe(l)
		}
	}
	return c
}

// Valor devuelve el valor de la hoja h. Las letras fuera del alfabeto no
// suman nada.
func (hs *hojasLineales) Valor(h letra.Multiconjunto) float64 {
	if hs == nil {
		return 0
	}
	var v float64
	voc, con := 0, 0
	var prev letra.Letra = letra.MaxLetras
	k := 0
	for l := range h.Todas() {
		if l == prev {
			k++
		} else {
			prev, k = l, 0
		}
		v += hs.copia[l][min(k, maxCopias-1)]
		if l != letra.Comodin {
			if hs.vocales&letra.ConjuntoDe(l) != 0 {
				voc++
			} else {
				con++
			}
		}
	}
	return v + hs.equilibrio[min(voc, maxBalance)][min(con, maxBalance)]
}

// valorCuentas es Valor sobre cuentas por letra, para las letras de
// distintas (cada una una vez), sin reservar memoria.
func (hs *hojasLineales) valorCuentas(cuentas *[letra.MaxLetras]int8, distintas []letra.Letra) float64 {
	var v float64
	voc, con := 0, 0
	for _, l := range distintas {
		n := int(cuentas[l])
		for k := 0; k < n; k++ {
			v += hs.copia[l][min(k, maxCopias-1)]
		}
		if l != letra.Comodin {
			if hs.vocales&letra.ConjuntoDe(l) != 0 {
				voc += n
			} else {
				con += n
			}
		}
	}
	return v + hs.equilibrio[min(voc, maxBalance)][min(con, maxBalance)]
}

// WriteTo escribe las hojas como texto: una línea "copia X k valor" por
// letra X (el comodín es "?") y copia k (desde 1), y una línea "equilibrio
// v c valor" por cantidad de vocales v y consonantes c, con los valores no
// nulos. Las líneas que empiezan con "#" son comentarios.
func (hs *hojasLineales) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	b.WriteString("# hojas v1: valor de las fichas que se conservan, en puntos\n")
	for l := 0; l < letra.MaxLetras; l++ {
		simb := "?"
		if letra.Letra(l) != letra.Comodin {
			if hs.alf == nil || !hs.alf.Contiene(letra.Letra(l)) {
				continue
			}
			simb = hs.alf.Simbolo(letra.Letra(l))
		}
		for k := 0; k < maxCopias; k++ {
			if v := hs.copia[l][k]; v != 0 {
				fmt.Fprintf(&b, "copia %s %d %.3f\n", simb, k+1, v)
			}
		}
	}
	for v := range hs.equilibrio {
		for c := range hs.equilibrio[v] {
			if x := hs.equilibrio[v][c]; x != 0 {
				fmt.Fprintf(&b, "equilibrio %d %d %.3f\n", v, c, x)
			}
		}
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// opcionesHojas acota lo que lee [leerHojas]. El valor cero da el límite
// por omisión: las tablas embebidas ocupan unos pocos KB.
type opcionesHojas struct {
	// MaxBytes es el largo máximo del texto; 0 es 1<<20 (1 MiB).
	MaxBytes int64
}

// omisionMaxBytesHojas es el límite por omisión de opcionesHojas.MaxBytes.
const omisionMaxBytesHojas = 1 << 20

// leerHojas lee una tabla de hojas escrita por hojasLineales.WriteTo, con las
// letras del alfabeto alf. Devuelve un error que envuelve a
// errHojasInvalidas, con el número de línea y un trozo corto de ella, si
// una línea no se entiende o pasa de 64 KiB; si el texto pasa de
// op.MaxBytes bytes, uno que envuelve también a limite.Err. Cuesta
// O(n) en tiempo y memoria constante para n bytes.
func leerHojas(r io.Reader, alf *letra.Alfabeto, op opcionesHojas) (*hojasLineales, error) {
	if alf == nil {
		return nil, fmt.Errorf("%w: falta el alfabeto", errHojasInvalidas)
	}
	if op.MaxBytes <= 0 {
		op.MaxBytes = omisionMaxBytesHojas
	}
	limitado := &io.LimitedReader{R: r, N: op.MaxBytes + 1}
	r = limitado
	hs := &hojasLineales{alf: alf, vocales: vocalesDe(alf)}
	sc := bufio.NewScanner(r)
	excedido := fmt.Errorf("%w: %w", errHojasInvalidas, &limite.Error{Limite: "bot.opcionesHojas.MaxBytes", Valor: op.MaxBytes})
	for n := 1; sc.Scan(); n++ {
		if limitado.N <= 0 { // la última línea está cortada: el texto sigue
			return nil, excedido
		}
		linea := strings.TrimSpace(sc.Text())
		if linea == "" || strings.HasPrefix(linea, "#") {
			continue
		}
		campos := strings.Fields(linea)
		mal := func(motivo string) error {
			return fmt.Errorf("%w: línea %d (%q): %s", errHojasInvalidas, n, cita.Texto(linea), motivo)
		}
		if len(campos) != 4 {
			return nil, mal("se esperan 4 campos")
		}
		x, err := strconv.ParseFloat(campos[3], 64)
		if err != nil {
			return nil, mal("el valor no es un número")
		}
		switch campos[0] {
		case "copia":
			l := letra.Comodin
			if campos[1] != "?" {
				var ok bool
				if l, ok = alf.Indice(campos[1]); !ok {
					return nil, mal("letra fuera del alfabeto")
				}
			}
			k, err := strconv.Atoi(campos[2])
			if err != nil || k < 1 || k > maxCopias {
				return nil, mal("copia fuera de rango")
			}
			hs.copia[l][k-1] = x
		case "equilibrio":
			v, err1 := strconv.Atoi(campos[1])
			c, err2 := strconv.Atoi(campos[2])
			if err1 != nil || err2 != nil || v < 0 || c < 0 || v > maxBalance || c > maxBalance {
				return nil, mal("vocales o consonantes fuera de rango")
			}
			hs.equilibrio[v][c] = x
		default:
			return nil, mal("se espera copia o equilibrio")
		}
	}
	if limitado.N <= 0 {
		return nil, excedido
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", errHojasInvalidas, err)
	}
	return hs, nil
}

var (
	//go:embed hojas_en.txt
	textoIngles string
	//go:embed hojas_es.txt
	textoEspanol string

	// Las hojas aprendidas para el inglés clásico (ingles.Variante con
	// SOWPODS) y el español clásico (espanol.Clasica).
	hojasIngles  = sync.OnceValue(func() *hojasLineales { return debeLeer(textoIngles, letra.Ingles()) })
	hojasEspanol = sync.OnceValue(func() *hojasLineales { return debeLeer(textoEspanol, letra.EspanolConDigrafos()) })
)

func debeLeer(texto string, alf *letra.Alfabeto) *hojasLineales {
	hs, err := leerHojas(strings.NewReader(texto), alf, opcionesHojas{})
	if err != nil {
		panic(err) // los archivos embebidos los prueba TestHojasEmbebidas
	}
	return hs
}

// lineales devuelve las hojas embebidas para el alfabeto alf
// (letra.Ingles o letra.EspanolConDigrafos), o false si no hay.
func lineales(alf *letra.Alfabeto) (*hojasLineales, bool) {
	switch alf {
	case letra.Ingles():
		return hojasIngles(), true
	case letra.EspanolConDigrafos():
		return hojasEspanol(), true
	}
	return nil, false
}
