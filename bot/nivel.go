package bot

import (
	"errors"
	"fmt"
	"strings"
)

// Nivel es la fuerza de un bot. El valor cero, NivelNinguno, no es un nivel:
// Nuevo lo rechaza.
type Nivel uint8

// Los niveles, del más débil al más fuerte.
const (
	NivelNinguno Nivel = iota
	Principiante
	Intermedio
	Avanzado
	Experto
	Maestro
)

// Niveles devuelve los niveles válidos, del más débil al más fuerte.
func Niveles() []Nivel { return []Nivel{Principiante, Intermedio, Avanzado, Experto, Maestro} }

// ErrNivelInvalido: el nivel no es uno de [Niveles].
var ErrNivelInvalido = errors.New("bot: nivel inválido")

var nombres = [...]string{"ninguno", "principiante", "intermedio", "avanzado", "experto", "maestro"}

// String devuelve el nombre del nivel en minúsculas ("experto").
func (n Nivel) String() string {
	if int(n) < len(nombres) {
		return nombres[n]
	}
	return fmt.Sprintf("Nivel(%d)", uint8(n))
}

// Valido informa si n es uno de [Niveles].
func (n Nivel) Valido() bool { return n >= Principiante && n <= Maestro }

// ParsearNivel devuelve el nivel de nombre s (sin distinguir mayúsculas), o
// un error que envuelve a [ErrNivelInvalido].
func ParsearNivel(s string) (Nivel, error) {
	for i, nom := range nombres {
		if i > 0 && strings.EqualFold(s, nom) {
			return Nivel(i), nil
		}
	}
	return NivelNinguno, fmt.Errorf("%w: %q (vale principiante, intermedio, avanzado, experto o maestro)", ErrNivelInvalido, s)
}
